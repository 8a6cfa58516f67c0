/**
 * The plugin folder as the CLI finds it: PulumiPlugin.yaml with the Node.js runtime, a package.json whose main
 * serves the provider, the package's own version as the optional dependency a git install fetches (a release
 * publishes both at one tag), the SDK range the package itself asks for, and one clear line when neither a built
 * checkout nor the installed package is there to serve.
 */
import { spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { repoRoot } from "../harness/provider-process";
import { PLUGIN_DIR } from "../harness/plugin-process";

const root = JSON.parse(readFileSync(path.join(repoRoot, "package.json"), "utf8")) as {
  name: string;
  version: string;
  peerDependencies: Record<string, string>;
};
const plugin = JSON.parse(readFileSync(path.join(PLUGIN_DIR, "package.json"), "utf8")) as {
  version: string;
  main: string;
  dependencies: Record<string, string>;
  optionalDependencies: Record<string, string>;
};

test("PulumiPlugin.yaml names the Node.js runtime", () => {
  expect(readFileSync(path.join(PLUGIN_DIR, "PulumiPlugin.yaml"), "utf8")).toMatch(/^runtime: nodejs$/m);
});

test("package.json: its main exists, the package of the same version, the SDK range the package asks for", () => {
  expect(readFileSync(path.join(PLUGIN_DIR, plugin.main), "utf8")).toContain("serve(");
  expect(plugin.version).toBe(root.version);
  expect(plugin.optionalDependencies).toEqual({ [root.name]: root.version });
  expect(plugin.dependencies).toEqual({ "@pulumi/pulumi": root.peerDependencies["@pulumi/pulumi"] });
});

test("with neither a built checkout nor the installed package, the plugin stops with one line saying what to do", () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), "jenkins-plugin-bare-"));
  try {
    cpSync(PLUGIN_DIR, path.join(dir, "plugin"), {
      recursive: true,
      filter: (src) => !src.includes(`${path.sep}node_modules`),
    });
    const run = spawnSync(process.execPath, [path.join(dir, "plugin", "index.js")], { encoding: "utf8" });
    expect(run.status).toBe(1);
    expect(run.stdout).toBe("");
    expect(run.stderr.trim().split("\n")).toEqual([
      expect.stringContaining(`needs ${root.name} ${root.version}: build the repository checkout`),
    ]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
