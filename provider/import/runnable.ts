/**
 * The runnable check of the imported jobs (runnable/check.ts), against the controller they come from: what each
 * job names that the controller lacks today. The generated README lists them, as the adoption preview warns about
 * them. Each script is linted (the linter's POST changes nothing), each label, library listing and named job read
 * once, at most `concurrency` jobs at a time.
 */
import type { JenkinsClient } from "../client/jenkins-client";
import { runnableFindings } from "../runnable/check";
import { namesInConfig } from "../runnable/job-names";
import { clientReader } from "../runnable/reader";
import { parseXml } from "../xml/tree";
import type { ImportedItem } from "./generate";
import { mapLimit } from "./pool";
import type { CannotRun } from "./templates";

export interface RunnableReport {
  cannotRun: CannotRun[];
  /** Jobs the check could not be run for, and why (a read failed). */
  unchecked: Array<{ fullName: string; reason: string }>;
}

export async function checkImportedJobs(
  client: JenkinsClient,
  where: string,
  items: readonly ImportedItem[],
  concurrency: number,
): Promise<RunnableReport> {
  const reader = clientReader(client);
  const report: RunnableReport = { cannotRun: [], unchecked: [] };
  await mapLimit(items, concurrency, async (item) => {
    let names;
    try {
      names = namesInConfig(parseXml(item.configXml).root);
    } catch {
      return; // a config that does not parse is not declared (generate.ts says why)
    }
    if (names.script === undefined && names.labels.length + names.libraries.length + names.jobs.length === 0) return;
    try {
      const findings = await runnableFindings({
        job: item.fullName,
        where,
        names,
        lint: true,
        controller: undefined,
        connection: client,
        reader,
      });
      if (findings.length > 0) report.cannotRun.push({ fullName: item.fullName, findings });
    } catch (e) {
      report.unchecked.push({ fullName: item.fullName, reason: e instanceof Error ? e.message : String(e) });
    }
  });
  return report;
}
