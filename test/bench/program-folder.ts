/**
 * Program folders as `npm install` leaves them: the repository's dependencies linked into node_modules, and the
 * package as a real copy under node_modules/pulumi-jenkins-jobs. A link would resolve outside node_modules, and
 * Pulumi would then serialize the provider by value instead of as the `require` users get. The copy holds what the
 * package ships, so no source maps (package.json `files`): with them, the program's source-map support (ts-node's,
 * under `cmd/run`) maps the Job's frame in each of the stack traces the SDK takes per resource property, a cost no
 * user pays.
 */
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { PLUGIN_DIR } from "../harness/plugin-process";
import { repoRoot } from "../harness/provider-process";

/** A new folder under the system's temporary folder; `packageRoot`: the compiled package to install (its dist/). */
export function installedProgramFolder(prefix: string, packageRoot: string | undefined): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  const modules = path.join(dir, "node_modules");
  fs.mkdirSync(modules);
  for (const entry of fs.readdirSync(path.join(repoRoot, "node_modules"))) {
    if (entry.startsWith(".")) continue;
    fs.symlinkSync(path.join(repoRoot, "node_modules", entry), path.join(modules, entry), "dir");
  }
  if (packageRoot !== undefined) {
    const pkg = path.join(modules, "pulumi-jenkins-jobs");
    fs.mkdirSync(path.join(pkg, "dist"), { recursive: true });
    fs.copyFileSync(path.join(packageRoot, "package.json"), path.join(pkg, "package.json"));
    fs.cpSync(path.join(packageRoot, "dist", "provider"), path.join(pkg, "dist", "provider"), {
      recursive: true,
      filter: (from) => !from.endsWith(".map"),
    });
  }
  return dir;
}

/** The plugin folder as a user's machine holds it: plugin/'s files beside a node_modules with the package. */
export function installedPluginFolder(): string {
  const dir = installedProgramFolder("bench-plugin-", repoRoot);
  for (const entry of fs.readdirSync(PLUGIN_DIR)) {
    if (entry === "node_modules") continue;
    fs.cpSync(path.join(PLUGIN_DIR, entry), path.join(dir, entry), { recursive: true });
  }
  return dir;
}

/** The Job's `__provider` text as a program in `dir` produces it, from the package installed there. */
export function installedJobProviderText(dir: string): string {
  const probe = [
    `const { providerTextOf } = require(${JSON.stringify(path.join(__dirname, "..", "harness", "serialized-provider.js"))});`,
    `const { Job } = require("pulumi-jenkins-jobs");`,
    `providerTextOf(() => new Job("probe", { name: "probe", configXml: "<project/>" })).then((t) => process.stdout.write(t));`,
  ].join("\n");
  return execFileSync(process.execPath, ["-e", probe], { cwd: dir, encoding: "utf8" });
}

/** The tsconfig.json of a generated program folder: a strict CommonJS program of one file, `index.ts`. */
export const PROGRAM_TSCONFIG = JSON.stringify({
  compilerOptions: {
    strict: true,
    target: "ES2022",
    module: "commonjs",
    moduleResolution: "node",
    esModuleInterop: true,
    skipLibCheck: true,
  },
  files: ["index.ts"],
});
