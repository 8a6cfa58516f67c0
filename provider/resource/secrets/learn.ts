/** After a create or update that sent secret values: one read of the config, to record what Jenkins made of them. */
import type { JenkinsClient } from "../../client/jenkins-client";
import { parseXml } from "../../xml/tree";
import { learnedDigests, maskSecrets } from "./state";

/**
 * The digests of the encrypted texts Jenkins holds for the values just sent (undefined when none were sent). A
 * failed read records nothing ("" each): the job was changed as asked, and the next refresh records them.
 */
export async function learnSecrets(
  client: JenkinsClient,
  fullName: string,
  secrets: readonly string[],
): Promise<string[] | undefined> {
  if (secrets.length === 0) return undefined;
  try {
    const text = await client.getConfig(fullName);
    const { values } = maskSecrets(parseXml(text).root, text);
    return values.length === secrets.length ? learnedDigests(values) : secrets.map(() => "");
  } catch {
    return secrets.map(() => "");
  }
}
