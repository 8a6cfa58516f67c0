/** Reads what an import needs from Jenkins: the recursive listing, then every selected config.xml, in parallel. */
import type { JenkinsClient, JobSummary } from "../client/jenkins-client";
import type { ImportedItem } from "./generate";
import { mapLimit } from "./pool";

export interface FetchOptions {
  /** Parallel config.xml requests. */
  concurrency: number;
  /** Called after each config is read. */
  onFetched?: (fullName: string) => void;
}

export async function fetchConfigs(
  client: JenkinsClient,
  items: readonly JobSummary[],
  opts: FetchOptions,
): Promise<ImportedItem[]> {
  return mapLimit(items, opts.concurrency, async (item) => {
    const configXml = await client.getConfig(item.fullName);
    opts.onFetched?.(item.fullName);
    return { fullName: item.fullName, configXml };
  });
}
