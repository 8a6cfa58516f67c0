/**
 * A lifecycle's `read` as the engine's refresh step makes it (Pulumi 3.120 and later): the read, then, right after it
 * in the same provider process, the diff the engine asks with the read's outputs as old outputs and the state's
 * inputs as new inputs (pkg/resource/deploy/step.go RefreshStep.Apply). That diff's answer is the refresh's display
 * (provider/dynamic/refresh-diff.ts); a test that calls `diff` next models the `up` after the refresh.
 */
import { PROVIDER_KEY } from "../../provider/dynamic/props";

type Props = Record<string, unknown>;

interface Lifecycle {
  read(id: string, props: Props): Promise<{ id?: string; props?: Props; inputs?: Props }>;
  diff(id: string, olds: Props, news: Props): Promise<unknown>;
}

/**
 * `m.read(id, props)` followed by the engine's refresh diff (its answer unused); `oldInputs`: the state's inputs
 * (default: the read's own, as the answer is not looked at).
 */
export async function refreshRead(
  m: Lifecycle,
  id: string,
  props: Props,
  oldInputs?: Props,
): Promise<Awaited<ReturnType<Lifecycle["read"]>>> {
  const read = await m.read(id, props);
  // A read that reports no inputs leaves the diff that follows as it was: only its answer would be shown.
  if (read.id && read.inputs !== undefined) {
    const provider = { [PROVIDER_KEY]: props[PROVIDER_KEY] };
    await m.diff(read.id, { ...read.props, ...provider }, { ...(oldInputs ?? read.inputs), ...provider });
  }
  return read;
}
