/** Two stacks of one project on one Jenkins, as the ownership tests run them: each a CLI of its own, one server. */
import type { JenkinsServer } from "../../provider/server";
import { PulumiCli } from "../harness/language-host";
import { cleanEnv } from "../harness/serialized-provider";
import { ADMIN } from "../harness/test-server";

/** Stack `name` of the project in `projectDir`, talking to `server` as its administrator. */
export function stackOn(server: JenkinsServer, projectDir: string, name: string): PulumiCli {
  return new PulumiCli(projectDir, { env: cleanEnv(), stack: name })
    .setConfig("jenkins:url", server.url)
    .setConfig("jenkins:user", ADMIN.name)
    .setConfig("jenkins:apiToken", ADMIN.apiToken, { secret: true });
}

/** The steps of an operation other than "same", as "<op> <resource name>". */
export function changedSteps(result: { steps: Array<{ op: string; urn: string }> }): string[] {
  return result.steps.filter((s) => s.op !== "same").map((s) => `${s.op} ${s.urn.slice(s.urn.lastIndexOf("::") + 2)}`);
}
