/**
 * The plugin folder as the CLI finds it: PulumiPlugin.yaml with the Node.js runtime, a package.json whose main
 * serves the provider, the package's own version, and as dependencies exactly the packages the provider code
 * requires (the SDK range the package asks for as its peer, and the package's own dependencies), since a clone's
 * `npm install` in this folder is all that brings them; one clear line when there is no code to serve.
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
  dependencies: Record<string, string>;
  peerDependencies: Record<string, string>;
};
const plugin = JSON.parse(readFileSync(path.join(PLUGIN_DIR, "package.json"), "utf8")) as {
  version: string;
  main: string;
  dependencies: Record<string, string>;
  optionalDependencies?: Record<string, string>;
};

test("PulumiPlugin.yaml names the Node.js runtime", () => {
  expect(readFileSync(path.join(PLUGIN_DIR, "PulumiPlugin.yaml"), "utf8")).toMatch(/^runtime: nodejs$/m);
});

test("package.json: its main exists, the package's version, the packages the provider code requires", () => {
  expect(readFileSync(path.join(PLUGIN_DIR, plugin.main), "utf8")).toContain("serve(");
  expect(plugin.version).toBe(root.version);
  expect(plugin.optionalDependencies).toBeUndefined();
  expect(plugin.dependencies).toEqual({
    "@pulumi/pulumi": root.peerDependencies["@pulumi/pulumi"],
    ...root.dependencies,
  });
});

test("the bundle requires no package that package.json does not name", () => {
  const bundle = readFileSync(path.join(PLUGIN_DIR, "bundle.js"), "utf8");
  const required = new Set(
    [...bundle.matchAll(/require\("([^"]+)"\)/g)]
      .map((m) => m[1])
      .filter((m) => !m.startsWith("node:"))
      .map((m) => (m.startsWith("@") ? m.split("/").slice(0, 2).join("/") : m.split("/")[0])),
  );
  expect(required.size).toBeGreaterThan(0);
  for (const name of required) expect(Object.keys(plugin.dependencies)).toContain(name);
});

test("with neither a built package around it nor its bundle, the plugin stops with one line saying what to do", () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), "jenkins-plugin-bare-"));
  try {
    cpSync(PLUGIN_DIR, path.join(dir, "plugin"), {
      recursive: true,
      filter: (src) => !src.includes(`${path.sep}node_modules`) && path.basename(src) !== "bundle.js",
    });
    const run = spawnSync(process.execPath, [path.join(dir, "plugin", "index.js")], { encoding: "utf8" });
    expect(run.status).toBe(1);
    expect(run.stdout).toBe("");
    expect(run.stderr.trim().split("\n")).toEqual([expect.stringContaining("The jenkins plugin has no code to serve")]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
