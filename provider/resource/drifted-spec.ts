/**
 * The spec a refresh reports for a spec-managed job edited by hand, made to read like the declared one where
 * Jenkins, not the edit, made the difference: a multibranch source declared without `id` is reported without the id
 * Jenkins gave it (an owned part, resource/owned/branch-source-ids.ts), so the next preview shows the edit and not
 * the id as a change.
 */
import type { JobSpecKind, JobSpecs, MultibranchSpec } from "../specs/types";

export function specAsDeclared<K extends JobSpecKind>(kind: K, found: JobSpecs[K], declared: unknown): JobSpecs[K] {
  if (kind !== "multibranch") return found;
  const was = (declared as Partial<MultibranchSpec> | undefined)?.sources;
  const spec = found as MultibranchSpec;
  const sources = spec.sources.map((s, i) => {
    const before = Array.isArray(was) ? (was[i] as { id?: unknown; type?: unknown } | undefined) : undefined;
    if (s.id === undefined || !before || before.id !== undefined || before.type !== s.type) return s;
    const { id: _assigned, ...rest } = s;
    void _assigned;
    return rest;
  });
  return { ...spec, sources } as JobSpecs[K];
}
