/**
 * The provider plugin (`plugin/`) started the way the Pulumi CLI starts a source-based Node.js plugin: the
 * language host runs `@pulumi/pulumi/cmd/run-plugin <plugin folder> <engine address>` and reads the port the
 * plugin prints. Driven over gRPC with ProviderProcess's client.
 *
 * `installed` runs a copy of the folder as the npm package holds it (`node_modules/pulumi-jenkins-jobs/plugin`): beside
 * a package.json that names this package and its `dist/` (a link to the checkout's build), so it serves that build
 * from a folder that is not the checkout's; the default runs the checkout's own folder. (A clone nobody built, which
 * serves `bundle.js`, is test/package/plugin-sources.test.ts's.)
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

/** The folder a copy runs from: plugin/ with its schema (or a stand-in), in a package folder as npm installs it. */
function installedCopy(): { dir: string; remove(): void } {
  const root = mkdtempSync(path.join(os.tmpdir(), "jenkins-plugin-"));
  const pkg = path.join(root, "pulumi-jenkins-jobs");
  const dir = path.join(pkg, "plugin");
  cpSync(PLUGIN_DIR, dir, {
    recursive: true,
    filter: (src) => !src.includes(`${path.sep}node_modules`) && path.basename(src) !== "bundle.js",
  });
  if (!existsSync(path.join(dir, "schema.json")))
    writeFileSync(path.join(dir, "schema.json"), JSON.stringify(STAND_IN_SCHEMA));
  cpSync(path.join(repoRoot, "package.json"), path.join(pkg, "package.json"));
  symlinkSync(path.join(repoRoot, "dist"), path.join(pkg, "dist"), "dir");
  // The language host finds run-plugin from the plugin folder: the SDK beside the package, as in a project.
  mkdirSync(path.join(root, "node_modules", "@pulumi"), { recursive: true });
  symlinkSync(
    path.join(repoRoot, "node_modules", "@pulumi", "pulumi"),
    path.join(root, "node_modules", "@pulumi", "pulumi"),
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
