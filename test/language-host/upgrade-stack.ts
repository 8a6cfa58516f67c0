/**
 * What the upgrade tests share: a fixture's program folder as after `npm install` of this version, and its state
 * with the fixture's Jenkins URL filled in (test/fixtures/upgrade-<version>, written by
 * scripts/capture-upgrade-fixture.ts).
 */
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import type { JenkinsServer } from "../../provider/server";
import { URL_PLACEHOLDER } from "../../scripts/capture-upgrade-fixture";
import { JenkinsUser } from "../harness/jenkins-user";
import { PulumiCli } from "../harness/language-host";
import type { StackState } from "../harness/language-host/state";
import { repoRoot } from "../harness/provider-process";
import { cleanEnv } from "../harness/serialized-provider";
import { ADMIN, startServer } from "../harness/test-server";

/**
 * The program folder as after `npm install` of the new version: this checkout under node_modules (linked, as
 * `npm install <folder>` does) beside the program's own SDK and TypeScript, so the state's `require`s of module
 * paths of the package resolve to the code of this checkout.
 */
export function installedProgram(fixture: string, into: string): string {
  const dir = path.join(into, "upgrade-stack");
  mkdirSync(path.join(dir, "node_modules", "@types"), { recursive: true });
  for (const f of ["Pulumi.yaml", "index.ts"]) cpSync(path.join(fixture, "program", f), path.join(dir, f));
  const tsconfig = {
    compilerOptions: { strict: true, target: "es2020", module: "nodenext", moduleResolution: "nodenext" },
    files: ["index.ts"],
  };
  writeFileSync(path.join(dir, "tsconfig.json"), JSON.stringify(tsconfig));
  const link = (name: string, target: string) => symlinkSync(target, path.join(dir, "node_modules", name), "dir");
  link("pulumi-jenkins-jobs", repoRoot);
  for (const name of ["@pulumi", "typescript", "@types/node"]) link(name, path.join(repoRoot, "node_modules", name));
  return dir;
}

export function loadState(fixture: string, jenkinsUrl: string): StackState {
  const text = readFileSync(path.join(fixture, "state.json"), "utf8").split(URL_PLACEHOLDER).join(jenkinsUrl);
  const { resources, outputs } = JSON.parse(text) as StackState;
  return { resources, outputs };
}

/**
 * What the first `up` of the fixture's program with this version updates (through the classes or the plugin): the job the program changes, the edit put back, and every other
 * item for its mark of ownership alone (jobs, the folder, the view, the credentials).
 */
export const FIRST_UP_UPDATES = [
  "update api-build",
  "update api-deploy",
  "update app-token",
  "update apps",
  "update nightly",
  "update team",
  "update team-token",
];

export interface UpgradeStack {
  server: JenkinsServer;
  user: JenkinsUser;
  /** The installed program with the stack-wide connection set; its state is the caller's to load. */
  cli: PulumiCli;
  close(): Promise<void>;
}

/** A copy of the fixture's Jenkins home served as Jenkins serves it today, and its program as after the upgrade. */
export async function startUpgradeStack(fixture: string, prefix: string): Promise<UpgradeStack> {
  const home = mkdtempSync(path.join(os.tmpdir(), prefix));
  cpSync(path.join(fixture, "jenkins-home"), path.join(home, "jenkins-home"), { recursive: true });
  const server = await startServer("current", { dataDir: path.join(home, "jenkins-home") });
  const user = new JenkinsUser(server.url, { user: ADMIN.name, apiToken: ADMIN.apiToken });
  const cli = new PulumiCli(installedProgram(fixture, home), { env: cleanEnv() })
    .setConfig("jenkins:url", server.url)
    .setConfig("jenkins:user", ADMIN.name)
    .setConfig("jenkins:apiToken", ADMIN.apiToken, { secret: true });
  return {
    server,
    user,
    cli,
    close: async () => {
      await server.close();
      rmSync(home, { recursive: true, force: true });
    },
  };
}

/**
 * A fixture's state with its sealed secrets sealed again with this stack's key (the key that wrote them is not
 * kept): each credential's `secretValues`, from the secret its stack config gave (`secrets`, by resource name).
 */
export function resealedState(cli: PulumiCli, state: StackState, secrets: Record<string, string>): StackState {
  const resources = state.resources.map((r) => {
    const name = r.urn.split("::").pop() as string;
    const reseal = (map: typeof r.inputs) => {
      const keys = Object.keys(map).filter(
        (k) => (map[k] as Record<string, unknown> | null)?.["4dabf18193072939515e22adb298388d"] !== undefined,
      );
      if (keys.length === 0) return map;
      const plain = { ...map };
      for (const k of keys) {
        if (k !== "secretValues" || secrets[name] === undefined) throw new Error(`${name}: sealed ${k}`);
        plain[k] = [secrets[name]];
      }
      return cli.sealed(plain, keys);
    };
    return { ...r, inputs: reseal(r.inputs), outputs: reseal(r.outputs) };
  });
  return { ...state, resources };
}
