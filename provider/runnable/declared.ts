/**
 * What the program declares, as the Job resources' checks saw it in this provider process: the jobs (by full name)
 * and the shared libraries of the folders. A job that names another job of the same program, or loads a library
 * that a folder of the program defines, must not fail the runnable check before `up` has made them: a dynamic
 * provider cannot see other resources, but every Job's check runs in the one provider process, and the check of
 * a job runs after the checks of the jobs it depends on (program-jobs.ts orders them).
 * Keyed by connection (the controller's name, "" for the stack-wide one) and item (full name, lower-cased: Jenkins
 * item names are case-insensitive).
 */
const jobs = new Set<string>();
const libraries = new Map<string, string[]>();

const keyOf = (controller: string | undefined, fullName: string): string =>
  `${controller ?? ""}\n${fullName.toLowerCase()}`;

export function declareJob(controller: string | undefined, fullName: string): void {
  jobs.add(keyOf(controller, fullName));
}

export function isDeclaredJob(controller: string | undefined, fullName: string): boolean {
  return jobs.has(keyOf(controller, fullName));
}

/** The full names of the declared jobs of a connection, for "closest existing" lists. */
export function declaredJobs(controller: string | undefined): string[] {
  const prefix = `${controller ?? ""}\n`;
  return [...jobs].filter((k) => k.startsWith(prefix)).map((k) => k.slice(prefix.length));
}

export function declareFolderLibraries(controller: string | undefined, folder: string, names: string[]): void {
  libraries.set(keyOf(controller, folder), names);
}

/** The libraries a declared folder defines, or undefined when the program does not declare that folder. */
export function declaredLibraries(controller: string | undefined, folder: string): string[] | undefined {
  return libraries.get(keyOf(controller, folder));
}
