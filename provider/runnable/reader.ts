/** The runnable check's reads of a controller, through its client: what a preview check and the import both ask. */
import { InvalidNameError } from "../client/errors";
import type { JenkinsClient } from "../client/jenkins-client";
import type { RunnableReader } from "./check";

export function clientReader(client: JenkinsClient): RunnableReader {
  return {
    lint: (script) => client.validateJenkinsfile(script),
    label: (expression) => client.labelInfo(expression),
    nodeLabels: () => client.nodeLabels(),
    libraries: (folder) => client.libraryNames(folder),
    exists: async (fullName) => {
      try {
        return await client.exists(fullName);
      } catch (e) {
        if (e instanceof InvalidNameError) return false; // a name Jenkins refuses names no item
        throw e;
      }
    },
    // Jobs only: a folder is never what a trigger or `build job:` means.
    itemNames: async (folder) => (await client.listJobs(folder)).filter((j) => !j.isFolder).map((j) => j.fullName),
  };
}
