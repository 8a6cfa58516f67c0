/**
 * The credentials the program declares, as the Credential resources' checks saw them in this provider process.
 * A job that names a credential by a literal id, declared in the same program but not made yet, must not fail the
 * reference check: a dynamic provider cannot see other resources, but both lifecycles run in the one provider
 * process, and a Credential's check runs before the check of a job that takes its `credentialId` output.
 * Keyed by connection (the controller's name, "" for the stack-wide one) and store (the folder, "" for system).
 */
const declared = new Map<string, Set<string>>();

const keyOf = (controller: string | undefined, folder: string): string =>
  `${controller ?? ""}\n${folder.toLowerCase()}`;

export function declareCredential(controller: string | undefined, folder: string, id: string): void {
  const key = keyOf(controller, folder);
  if (!declared.has(key)) declared.set(key, new Set());
  declared.get(key)!.add(id);
}

/** The ids declared for a store (empty when none). */
export function declaredIn(controller: string | undefined, folder: string): ReadonlySet<string> {
  return declared.get(keyOf(controller, folder)) ?? new Set();
}
