/**
 * Where the generated project takes this package from. The package is not on the npm registry yet, so a version
 * range would make the generated project's `npm install` fail: unless this copy came from a registry, the project
 * depends on the package the command ran from, by a relative `file:` path, and its `.npmrc` sets
 * `install-links=true` so npm copies the package into node_modules instead of linking it (a link would load
 * `@pulumi/pulumi` from beside the linked folder: a second SDK copy, whose resources the program never registers).
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { PACKAGE_NAME } from "./templates";

export interface OwnPackage {
  /** The folder holding this package's package.json (a clone, or node_modules/pulumi-jenkins-jobs). */
  root: string;
  version: string;
  pulumiRange?: string;
}

export interface PackageSource {
  /** The dependency spec for the generated package.json. */
  spec: string;
  /** The generated project's `.npmrc`, when the spec needs one. */
  npmrc?: string;
  /** What to tell the user about the spec: where it points and how to switch to the registry version. */
  note?: string;
}

/** This package's own package.json, found from the compiled module (dist/provider/import) or the source. */
export function findOwnPackage(from: string = __dirname): OwnPackage | undefined {
  for (const up of [
    ["..", "..", ".."],
    ["..", ".."],
  ]) {
    const root = path.resolve(from, ...up);
    try {
      const pkg = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8"));
      if (pkg.name === PACKAGE_NAME)
        return { root, version: String(pkg.version), pulumiRange: pkg.peerDependencies?.["@pulumi/pulumi"] };
    } catch {
      // Not there from this layout; try the next.
    }
  }
  return undefined;
}

/**
 * True when npm installed this copy from a registry: the lockfile npm keeps in node_modules
 * (`node_modules/.package-lock.json`) records the tarball URL it was resolved from.
 */
export function installedFromRegistry(root: string): boolean {
  const nodeModules = path.dirname(root);
  if (path.basename(nodeModules) !== "node_modules") return false;
  try {
    const lock = JSON.parse(fs.readFileSync(path.join(nodeModules, ".package-lock.json"), "utf8")) as {
      packages?: Record<string, { resolved?: string }>;
    };
    const entry = Object.entries(lock.packages ?? {}).find(([key]) => key.endsWith(`node_modules/${PACKAGE_NAME}`));
    return /^https?:\/\//.test(entry?.[1].resolved ?? "");
  } catch {
    return false;
  }
}

/** The dependency on this package for a project written to `outDir`. Pure apart from `fromRegistry`. */
export function packageSource(own: OwnPackage | undefined, outDir: string, fromRegistry: boolean): PackageSource {
  if (!own) return { spec: "*" };
  const range = `^${own.version}`;
  if (fromRegistry) return { spec: range };
  const relative = path.relative(path.resolve(outDir), own.root).split(path.sep).join("/") || ".";
  const spec = `file:${relative}`;
  return {
    spec,
    npmrc:
      "# npm copies pulumi-jenkins-jobs from its file: path instead of linking it, so the program loads one\n" +
      "# @pulumi/pulumi, its own. Delete this file once package.json takes the package from the registry.\n" +
      "install-links=true\n",
    note:
      `package.json takes ${PACKAGE_NAME} from ${own.root} (${spec}): it is not on the npm registry yet.\n` +
      `Once it is published: npm install ${PACKAGE_NAME}@${range}, then delete .npmrc.`,
  };
}

/**
 * Where a Pulumi YAML project written to `outDir` gets the provider plugin: the `plugin` folder of this copy of the
 * package, by a path relative to the project (the CLI reads a path starting with `./` or `../` as a folder).
 */
export function pluginSource(own: OwnPackage | undefined, outDir: string): { source: string; note: string } {
  if (!own)
    return {
      source: "./plugin",
      note: "Pulumi.yaml names the plugin as ./plugin: set its packages: entry to the plugin folder or <git URL>/plugin@<tag>.",
    };
  const folder = path.join(own.root, "plugin");
  const relative = path.relative(path.resolve(outDir), folder).split(path.sep).join("/");
  const source = relative.startsWith("../") ? relative : `./${relative}`;
  const missing = fs.existsSync(path.join(folder, "PulumiPlugin.yaml"))
    ? ""
    : ` (this copy has no ${folder}: point it at a clone's plugin folder or <git URL>/plugin@<tag>)`;
  // `npx -p <package> pulumi-jenkins import` runs a copy in npm's cache, which `npm cache clean` may remove.
  const transient = folder.split(path.sep).includes("_npx")
    ? ` That folder is in npm's npx cache: for a lasting one, run \`npm install ${PACKAGE_NAME}\` in ${path.resolve(outDir)} and set packages: jenkins: ./node_modules/${PACKAGE_NAME}/plugin.`
    : "";
  return { source, note: `Pulumi.yaml takes the provider plugin from ${folder} (${source})${missing}.${transient}` };
}
