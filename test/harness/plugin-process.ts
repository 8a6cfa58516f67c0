/**
 * The provider plugin (`plugin/`) started the way the Pulumi CLI starts a source-based Node.js plugin: the
 * language host runs `@pulumi/pulumi/cmd/run-plugin <plugin folder> <engine address>` and reads the port the
 * plugin prints. Driven over gRPC with ProviderProcess's client.
 *
 * `installed` runs a copy of the folder beside a node_modules that holds this package as an installed dependency
 * (a link to the checkout), as after the CLI's `npm install` in a plugin fetched from a git URL; the default runs
 * the checkout's own folder, which serves the checkout's built code.
 */
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { ProviderProcess, repoRoot } from "./provider-process";
import { cleanEnv } from "./serialized-provider";

export const PLUGIN_DIR = path.join(repoRoot, "plugin");

/** A package schema that is enough for GetSchema when the repository's is not there to copy. */
const STAND_IN_SCHEMA = { name: "jenkins", version: "0.0.0", resources: {} };

export interface PluginStart {
  proc: ProviderProcess;
  /** The plugin folder the process runs. */
  dir: string;
  /** Stops the process and removes the copy. */
  close(): Promise<void>;
}

export interface PluginOptions {
  installed?: boolean;
  /** A plugin folder to run as it is (a clone's, an installed package's), in place of the checkout's. */
  dir?: string;
  env?: Record<string, string>;
  /** The engine's address (a stand-in engine's, for its Log calls); default: none to talk to. */
  engineAddress?: string;
  /** Flags the CLI puts before the engine's address when it logs (`--logtostderr`, `-v=9`). */
  flags?: string[];
}

/** The folder a copy runs from: plugin/ with its schema (or a stand-in) and this package installed beside it. */
function installedCopy(): { dir: string; remove(): void } {
  const root = mkdtempSync(path.join(os.tmpdir(), "jenkins-plugin-"));
  const dir = path.join(root, "plugin");
  cpSync(PLUGIN_DIR, dir, { recursive: true, filter: (src) => !src.includes(`${path.sep}node_modules`) });
  if (!existsSync(path.join(dir, "schema.json")))
    writeFileSync(path.join(dir, "schema.json"), JSON.stringify(STAND_IN_SCHEMA));
  mkdirSync(path.join(dir, "node_modules", "@pulumi"), { recursive: true });
  symlinkSync(repoRoot, path.join(dir, "node_modules", "pulumi-jenkins-jobs"), "dir");
  symlinkSync(
    path.join(repoRoot, "node_modules", "@pulumi", "pulumi"),
    path.join(dir, "node_modules", "@pulumi", "pulumi"),
    "dir",
  );
  return { dir, remove: () => rmSync(root, { recursive: true, force: true }) };
}

export async function startPlugin(opts: PluginOptions = {}): Promise<PluginStart> {
  const copy = opts.installed ? installedCopy() : undefined;
  const dir = copy?.dir ?? opts.dir ?? PLUGIN_DIR;
  // The language host locates run-plugin from the plugin folder, as here.
  const entry = require.resolve("@pulumi/pulumi/cmd/run-plugin", { paths: [dir] });
  try {
    const proc = await ProviderProcess.start({
      entry,
      args: [dir, ...(opts.flags ?? [])],
      engineAddress: opts.engineAddress,
      cwd: dir,
      env: cleanEnv(opts.env ?? {}),
    });
    return {
      proc,
      dir,
      close: async () => {
        await proc.close();
        copy?.remove();
      },
    };
  } catch (e) {
    copy?.remove();
    throw e;
  }
}
