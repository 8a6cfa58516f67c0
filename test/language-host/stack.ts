/** A Jenkins-compatible server and a Pulumi CLI stand-in for one project, configured to talk to it with a token. */
import type { JenkinsServer, JenkinsServerOptions } from "../../provider/server";
import { JenkinsUser } from "../harness/jenkins-user";
import { PulumiCli, type CliOptions } from "../harness/language-host";
import { cleanEnv } from "../harness/serialized-provider";
import { ADMIN, startServer, type Mode } from "../harness/test-server";

export interface Stack {
  server: JenkinsServer;
  /** A user acting on the server directly, as someone in the Jenkins UI would. */
  user: JenkinsUser;
  cli: PulumiCli;
}

export async function startStack(
  projectDir: string,
  opts: CliOptions & {
    apiToken?: string;
    server?: Omit<JenkinsServerOptions, "users" | "mode">;
    /** How the server serializes config.xml on GET (default current). */
    mode?: Mode;
  } = {},
): Promise<Stack> {
  const server = await startServer(opts.mode ?? "current", opts.server);
  const user = new JenkinsUser(server.url, { user: ADMIN.name, apiToken: ADMIN.apiToken });
  const cli = new PulumiCli(projectDir, { env: cleanEnv(), ...opts })
    .setConfig("jenkins:url", server.url)
    .setConfig("jenkins:user", ADMIN.name)
    .setConfig("jenkins:apiToken", opts.apiToken ?? ADMIN.apiToken, { secret: true });
  return { server, user, cli };
}
