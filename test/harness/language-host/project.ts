/**
 * What the Pulumi CLI reads from a project before it runs it: `Pulumi.yaml`'s name, `main` and runtime options,
 * and the program directory and entry it derives from them.
 *
 * The rules follow the CLI: `main` is relative to the project folder and must stay inside it; when it names a
 * folder, that folder becomes the working directory and the entry is "." (which `cmd/run` resolves through the
 * nearest package.json); when it names a file, the working directory stays the project folder and the entry is the
 * file's absolute path; without `main` the entry is the project folder itself.
 */
import { existsSync, readFileSync, statSync } from "node:fs";
import * as path from "node:path";

export interface Project {
  name: string;
  /** The folder holding Pulumi.yaml (`--root-directory`). */
  root: string;
  /** The working directory of the program (`--pwd`), also the provider's working directory. */
  pwd: string;
  /** The program argument of `cmd/run`: "." or an absolute file path. */
  entry: string;
  typescript: boolean;
  tsconfig?: string;
  /** `runtime.options` as written. */
  runtimeOptions: Record<string, string>;
  /**
   * The packages served by a plugin from a local folder: `packages: { <name>: <path> }` (what `pulumi package add
   * <path>` writes), paths resolved against the project folder as the CLI resolves them.
   */
  packages: Record<string, string>;
}

/** Top-level scalars and `runtime.options` of a Pulumi.yaml; the files in this repository use no other YAML. */
interface PulumiYaml {
  name?: string;
  main?: string;
  options: Record<string, string>;
  packages: Record<string, string>;
}

function readPulumiYaml(file: string): PulumiYaml {
  const out: PulumiYaml = { options: {}, packages: {} };
  let block: string[] = [];
  for (const raw of readFileSync(file, "utf8").split("\n")) {
    const line = raw.replace(/\s+#.*$/, "").replace(/^#.*$/, "");
    if (line.trim() === "") continue;
    const m = /^(\s*)([A-Za-z0-9_-]+):\s*(.*)$/.exec(line);
    if (!m) continue;
    const depth = m[1].length / 2;
    block = [...block.slice(0, depth), m[2]];
    const value = m[3]
      .trim()
      .replace(/^"(.*)"$/, "$1")
      .replace(/^'(.*)'$/, "$1");
    if (value === "") continue;
    if (depth === 0 && m[2] === "name") out.name = value;
    if (depth === 0 && m[2] === "main") out.main = value;
    if (depth === 2 && block[0] === "runtime" && block[1] === "options") out.options[m[2]] = value;
    if (depth === 1 && block[0] === "packages") out.packages[m[2]] = value;
  }
  return out;
}

export function loadProject(root: string): Project {
  const file = path.join(root, "Pulumi.yaml");
  if (!existsSync(file)) throw new Error(`no Pulumi.yaml in ${root}`);
  const yaml = readPulumiYaml(file);
  if (!yaml.name) throw new Error(`${file}: no project name`);
  let pwd = root;
  let entry = ".";
  if (yaml.main !== undefined) {
    if (path.isAbsolute(yaml.main)) throw new Error(`${file}: main must be relative to the project folder`);
    const main = path.resolve(root, yaml.main);
    if (!main.startsWith(path.resolve(root))) throw new Error(`${file}: main must be inside the project folder`);
    if (statSync(main).isDirectory()) pwd = main;
    else entry = main;
  }
  return {
    name: yaml.name,
    root,
    pwd,
    entry,
    typescript: yaml.options.typescript !== "false",
    tsconfig: yaml.options.tsconfig,
    runtimeOptions: yaml.options,
    packages: Object.fromEntries(Object.entries(yaml.packages).map(([k, v]) => [k, path.resolve(root, v)])),
  };
}
