/**
 * The line a preview says once per process and owner when it plans the mark of ownership onto items that carry
 * none (docs/guide/ownership.md): a dynamic provider cannot name a hidden input in its diff, so such an update
 * shows no property, and this line says what it writes.
 */
import { info } from "./engine-log";

const said = new Set<string>();

export async function sayMarkAdded(owner: string): Promise<void> {
  if (said.has(owner)) return;
  said.add(owner);
  await info(
    `Items without a mark of ownership (made by an earlier release, or while marks were off) get the mark of ` +
      `${owner} with this update: one write of the mark alone for each, planned as an update (docs/guide/ownership.md).`,
  );
}
