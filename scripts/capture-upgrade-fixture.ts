/**
 * Writes test/fixtures/upgrade-<version>/: the state of the program in its `program/` folder as a released
 * package writes it, and the Jenkins items that state describes. The package is installed from its packed tarball
 * into a new project, as users get it, so every resource's `__provider` is the installed form (one `require` of a
 * module path of the package). Run once per release, with that release's tarball:
 *
 *   npm run build && node dist/scripts/capture-upgrade-fixture.js pulumi-jenkins-jobs-0.1.0.tgz 0.1.0
 *
 * A fixture whose program reads secret stack config lists it in `program/fixture.json` (`secrets`: key → value, test
 * values only), and one that names a job under `drift` has that job's shell command edited in Jenkins after `up`,
 * then refreshed, so the state holds what a refresh that found an edit writes. The whole Jenkins home is kept (jobs,
 * views of the root, credentials.xml).
 *
 * The Jenkins URL in the state is written as @JENKINS_URL@; the credentials are not in it (the test configures its
 * own server's). test/language-host/upgrade.test.ts takes the state through refresh, preview, up and destroy with
 * the code of the checkout.
 */
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { JenkinsUser } from "../test/harness/jenkins-user";
import { PulumiCli } from "../test/harness/language-host";
import { repoRoot } from "../test/harness/provider-process";
import { cleanEnv } from "../test/harness/serialized-provider";
import { ADMIN, startServer } from "../test/harness/test-server";
import { npmInstall, writeUserProject } from "../test/package/user-project";

export const URL_PLACEHOLDER = "@JENKINS_URL@/";

export function fixtureDir(version: string): string {
  return path.join(repoRoot, "test", "fixtures", `upgrade-${version}`);
}

/** What a fixture's program needs beyond its code (`program/fixture.json`, optional). */
export interface FixtureOptions {
  /** Secret stack config the program reads: key → test value. */
  secrets?: Record<string, string>;
  /** The full name of a job edited in Jenkins after `up`, then refreshed. */
  drift?: string;
}

export function fixtureOptions(dir: string): FixtureOptions {
  const file = path.join(dir, "program", "fixture.json");
  return existsSync(file) ? (JSON.parse(readFileSync(file, "utf8")) as FixtureOptions) : {};
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
    const options = fixtureOptions(out);
    for (const [key, value] of Object.entries(options.secrets ?? {})) cli.setConfig(key, value, { secret: true });
    const up = await cli.up();
    if (!up.ok) throw new Error(`up failed: ${JSON.stringify(up.errors)}`);
    if (options.drift) {
      const user = new JenkinsUser(server.url, { user: ADMIN.name, apiToken: ADMIN.apiToken });
      await user.editConfig(options.drift, (xml) =>
        xml.replace(/<command>([^<]*)<\/command>/, "<command>$1 --edited</command>"),
      );
      const refresh = await cli.refresh();
      if (!refresh.ok) throw new Error(`refresh failed: ${JSON.stringify(refresh.errors)}`);
    }
    const text = JSON.stringify({ version, resources: cli.state.resources, outputs: cli.state.outputs }, null, 2);
    if (text.includes(ADMIN.apiToken) || text.includes(ADMIN.password)) throw new Error("a credential in the state");
    writeFileSync(path.join(out, "state.json"), `${text.split(server.url).join(URL_PLACEHOLDER)}\n`);
    for (const secret of Object.values(options.secrets ?? {})) {
      if (text.includes(secret)) throw new Error("a secret of the program in the state");
    }
    rmSync(path.join(out, "jenkins-home"), { recursive: true, force: true });
    mkdirSync(path.join(out, "jenkins-home"), { recursive: true });
    cpSync(path.join(server.dataDir, "jobs"), path.join(out, "jenkins-home", "jobs"), { recursive: true });
    for (const file of ["config.xml", "credentials.xml"]) {
      const from = path.join(server.dataDir, file);
      if (existsSync(from)) cpSync(from, path.join(out, "jenkins-home", file));
    }
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
