/**
 * A project as `pulumi new typescript` makes it (Pulumi.yaml without `main`, package.json whose `main` is
 * index.ts, a strict tsconfig with `module: nodenext`), with this package installed from its packed tarball.
 */
import { execFileSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import * as os from "node:os";
import * as path from "node:path";

/** Versions of the user's own dependencies: the ones this checkout is tested with, so the npm cache has them. */
function installedVersion(repoRoot: string, name: string): string {
  return (
    JSON.parse(readFileSync(path.join(repoRoot, "node_modules", name, "package.json"), "utf8")) as { version: string }
  ).version;
}

export const PROGRAM = `import * as pulumi from "@pulumi/pulumi";
import { Job, type PipelineSpec } from "pulumi-jenkins-jobs";

const config = new pulumi.Config();
const team = new Job("team", { name: "team", folderSpec: {}, description: "The team's jobs" });

const build: PipelineSpec = { script: "node {\\n  sh 'npm ci'\\n  sh 'npm test'\\n}\\n" };
const api = new Job("api-build", {
  name: "api-build",
  folder: team.fullName,
  pipeline: build,
  description: config.get("apiDescription") ?? "Builds the API",
});

export const apiUrl = api.url;
`;

/** A folder with a credential in its store and a pipeline from git naming it by reference. */
export const CREDENTIALS_PROGRAM = `import * as pulumi from "@pulumi/pulumi";
import { Credential, Job } from "pulumi-jenkins-jobs";

const config = new pulumi.Config();
const team = new Job("team", { name: "team", folderSpec: {} });
const key = new Credential("deploy-key", {
  id: "deploy-key",
  folder: team.fullName,
  sshPrivateKey: { username: "git", privateKey: config.requireSecret("deployKey") },
});
const api = new Job("api", {
  name: "api",
  folder: team.fullName,
  pipeline: { scm: { url: "git@git.example.com:team/api.git", credentialsId: key.credentialId } },
});

export const keyUrl = key.url;
export const apiUrl = api.url;
`;

export function writeUserProject(dir: string, repoRoot: string, name: string, program: string = PROGRAM): void {
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    path.join(dir, "Pulumi.yaml"),
    [
      `name: ${name}`,
      "description: A Pulumi program that manages Jenkins jobs",
      "runtime:",
      "  name: nodejs",
      "  options:",
      "    packagemanager: npm",
      "",
    ].join("\n"),
  );
  const pkg = {
    name,
    main: "index.ts",
    devDependencies: {
      "@types/node": installedVersion(repoRoot, "@types/node"),
      typescript: installedVersion(repoRoot, "typescript"),
    },
    dependencies: { "@pulumi/pulumi": installedVersion(repoRoot, "@pulumi/pulumi") },
  };
  writeFileSync(path.join(dir, "package.json"), `${JSON.stringify(pkg, null, 2)}\n`);
  const tsconfig = {
    compilerOptions: {
      strict: true,
      outDir: "bin",
      target: "es2020",
      module: "nodenext",
      moduleResolution: "nodenext",
      sourceMap: true,
      experimentalDecorators: true,
      pretty: true,
      noFallthroughCasesInSwitch: true,
      noImplicitReturns: true,
      forceConsistentCasingInFileNames: true,
    },
    files: ["index.ts"],
  };
  writeFileSync(path.join(dir, "tsconfig.json"), `${JSON.stringify(tsconfig, null, 2)}\n`);
  writeFileSync(path.join(dir, "index.ts"), program);
}

/** The files of this checkout that git tracks or would track (what a clone holds, with uncommitted changes), copied. */
export function copyCheckout(repoRoot: string, dest: string): void {
  const files = execFileSync("git", ["ls-files", "-z", "--cached", "--others", "--exclude-standard"], {
    cwd: repoRoot,
    encoding: "utf8",
  })
    .split("\0")
    .filter((f) => f !== "" && existsSync(path.join(repoRoot, f)));
  for (const f of files) {
    mkdirSync(path.dirname(path.join(dest, f)), { recursive: true });
    cpSync(path.join(repoRoot, f), path.join(dest, f));
  }
}

/**
 * `npm pack` of this checkout, which builds it through `prepack`; the tarball's path. It packs a copy of the
 * checkout (its `node_modules` linked), because `prepack` compiles into `dist/provider`: in the checkout itself that
 * would rewrite the files the other test files' provider processes are loading at the same time.
 */
export function packCheckout(repoRoot: string, into: string): string {
  const copy = mkdtempSync(path.join(os.tmpdir(), "pack-checkout-"));
  try {
    copyCheckout(repoRoot, copy);
    symlinkSync(path.join(repoRoot, "node_modules"), path.join(copy, "node_modules"), "dir");
    const out = execFileSync("npm", ["pack", "--json", "--pack-destination", into], {
      cwd: copy,
      encoding: "utf8",
      stdio: ["ignore", "pipe", "pipe"],
    });
    const [{ filename }] = JSON.parse(out) as Array<{ filename: string }>;
    return path.join(into, filename);
  } finally {
    rmSync(copy, { recursive: true, force: true });
  }
}

/** `npm install` in the project, of its own dependencies and the tarball, from the npm cache where it can. */
export function npmInstall(dir: string, tarball: string): string {
  return execFileSync("npm", ["install", "--prefer-offline", "--no-audit", "--no-fund", tarball], {
    cwd: dir,
    encoding: "utf8",
    stdio: ["ignore", "pipe", "pipe"],
  });
}

/** The first TypeScript block of the README's "Use" section: the program a new user copies. */
export function readmeUseSnippet(repoRoot: string): string {
  const readme = readFileSync(path.join(repoRoot, "README.md"), "utf8");
  const use = readme.slice(readme.indexOf("\n## Use\n"));
  const block = /```ts\n([\s\S]*?)```/.exec(use);
  if (!block) throw new Error('README.md has no TypeScript block under "## Use"');
  return block[1];
}
