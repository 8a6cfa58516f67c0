/**
 * Writes test/fixtures/upgrade-<version>/: the state of the program in its `program/` folder as a released
 * package writes it, and the Jenkins items that state describes. The package is installed from its packed tarball
 * into a new project, as users get it, so every resource's `__provider` is the installed form (one `require` of a
 * module path of the package). Run once per release, with that release's tarball:
 *
 *   npm run build && node dist/scripts/capture-upgrade-fixture.js pulumi-jenkins-jobs-0.1.0.tgz 0.1.0
 *
 * The Jenkins URL in the state is written as @JENKINS_URL@; the credentials are not in it (the test configures its
 * own server's). test/language-host/upgrade.test.ts takes the state through refresh, preview, up and destroy with
 * the code of the checkout.
 */
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { PulumiCli } from "../test/harness/language-host";
import { repoRoot } from "../test/harness/provider-process";
import { cleanEnv } from "../test/harness/serialized-provider";
import { ADMIN, startServer } from "../test/harness/test-server";
import { npmInstall, writeUserProject } from "../test/package/user-project";

export const URL_PLACEHOLDER = "@JENKINS_URL@/";

export function fixtureDir(version: string): string {
  return path.join(repoRoot, "test", "fixtures", `upgrade-${version}`);
}

async function main(): Promise<void> {
  const [tarball, version] = process.argv.slice(2);
  if (!tarball || !version) throw new Error("usage: capture-upgrade-fixture <tarball> <version>");
  const out = fixtureDir(version);
  const work = mkdtempSync(path.join(os.tmpdir(), "upgrade-fixture-"));
  const server = await startServer("current");
  try {
    const project = path.join(work, "upgrade-stack");
    writeUserProject(project, repoRoot, "upgrade-stack");
    cpSync(path.join(out, "program", "index.ts"), path.join(project, "index.ts"));
    npmInstall(project, path.resolve(tarball));
    const cli = new PulumiCli(project, { env: cleanEnv() })
      .setConfig("jenkins:url", server.url)
      .setConfig("jenkins:user", ADMIN.name)
      .setConfig("jenkins:apiToken", ADMIN.apiToken, { secret: true });
    const up = await cli.up();
    if (!up.ok) throw new Error(`up failed: ${JSON.stringify(up.errors)}`);
    const text = JSON.stringify({ version, resources: cli.state.resources, outputs: cli.state.outputs }, null, 2);
    if (text.includes(ADMIN.apiToken) || text.includes(ADMIN.password)) throw new Error("a credential in the state");
    writeFileSync(path.join(out, "state.json"), `${text.split(server.url).join(URL_PLACEHOLDER)}\n`);
    rmSync(path.join(out, "jenkins-home"), { recursive: true, force: true });
    mkdirSync(path.join(out, "jenkins-home"), { recursive: true });
    cpSync(path.join(server.dataDir, "jobs"), path.join(out, "jenkins-home", "jobs"), { recursive: true });
    process.stdout.write(`wrote ${out}\n`);
  } finally {
    await server.close();
    rmSync(work, { recursive: true, force: true });
  }
}

if (require.main === module) {
  main().catch((e: unknown) => {
    process.stderr.write(`${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
    process.exit(1);
  });
}
