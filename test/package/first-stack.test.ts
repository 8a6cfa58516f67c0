/**
 * docs/guide/first-stack.md, copy-pasted: its shell blocks, read from the page, run in order from one scratch
 * folder, as far as they need no Pulumi CLI. `git clone` is a copy of the repository's files (tracked, and new ones
 * not ignored: what a clone of this change would hold), `npm` runs for real (from the npm cache where it can),
 * `pulumi new --generate-only` copies the template as `pulumi new` does (test/package/pulumi-new.ts), `npx tsc`
 * runs the project's own compiler. A line the test does not know fails it, so the page cannot gain a step the test
 * skips without saying so.
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { readMarkdown } from "../docs/markdown";
import { repoRoot } from "../harness/provider-process";
import { instantiateTemplate } from "./pulumi-new";
import { copyCheckout } from "./user-project";

const GUIDE = path.join(repoRoot, "docs", "guide", "first-stack.md");

/** The commands of the page's `sh` blocks, in order, one per `&&`-separated part, comments and blank lines left out. */
function guideCommands(): Array<{ block: number; command: string }> {
  return readMarkdown(GUIDE)
    .blocks.filter((b) => b.info === "sh")
    .flatMap((b) =>
      b.code.split("\n").flatMap((line, i) =>
        line
          .replace(/\s+#.*$/, "")
          .split("&&")
          .map((part) => part.trim())
          .filter((part) => part !== "" && !part.startsWith("#"))
          .map((command) => ({ block: b.fenceLine + 1 + i, command })),
      ),
    );
}

function npm(args: string[], cwd: string): void {
  execFileSync("npm", [...args, "--prefer-offline", "--no-audit", "--no-fund"], {
    cwd,
    stdio: ["ignore", "pipe", "pipe"],
  });
}

/** The value of `--flag value` among `words`. */
function flag(words: string[], name: string): string | undefined {
  const i = words.indexOf(name);
  return i >= 0 ? words[i + 1] : undefined;
}

describe("docs/guide/first-stack.md, copy-pasted", () => {
  let start: string;
  const ran: string[] = [];
  const needCli: string[] = [];
  let cwd: string;

  beforeAll(() => {
    start = mkdtempSync(path.join(os.tmpdir(), "first-stack-"));
    cwd = start;
    for (const { block, command } of guideCommands()) {
      const words = command.split(/\s+/);
      const at = `first-stack.md:${block}: ${command}`;
      if (/^git clone <this repository> \S+$/.test(command)) {
        copyCheckout(repoRoot, path.resolve(cwd, words[words.length - 1]));
      } else if (words[0] === "cd" && words.length === 2) {
        cwd = path.resolve(cwd, words[1]);
        if (!existsSync(cwd)) throw new Error(`${at}: no such folder`);
      } else if (words[0] === "mkdir" && words.length === 2) {
        mkdirSync(path.resolve(cwd, words[1]));
      } else if (command === "npm ci" || command === "npm pack") {
        npm([words[1]], cwd);
      } else if (words[0] === "npm" && words[1] === "install" && words.length === 3) {
        const tarball = path.resolve(cwd, words[2]);
        if (!existsSync(tarball)) throw new Error(`${at}: ${tarball} does not exist`);
        npm(["install", words[2]], cwd);
      } else if (words[0] === "pulumi" && words[1] === "new" && words.includes("--generate-only")) {
        // `--dir` is entered before the template path is resolved, as `pulumi new` does.
        const dir = path.resolve(cwd, flag(words, "--dir") ?? ".");
        if (readdirSync(dir).length > 0) throw new Error(`${at}: pulumi new needs an empty folder`);
        const name = flag(words, "--name");
        if (!name || !words.includes("--yes")) throw new Error(`${at}: --name and --yes keep it from prompting`);
        instantiateTemplate(path.resolve(dir, words[2]), dir, { project: name, description: "" });
      } else if (command === "npx tsc --noEmit") {
        execFileSync(process.execPath, [path.join(cwd, "node_modules", "typescript", "bin", "tsc"), "--noEmit"], {
          cwd,
          stdio: ["ignore", "pipe", "pipe"],
        });
      } else if (words[0] === "pulumi" || (words[0] === "npx" && words[1] === "pulumi-jenkins")) {
        needCli.push(command);
        continue;
      } else {
        throw new Error(`${at}: a command this test does not know`);
      }
      ran.push(command);
    }
  });
  afterAll(() => {
    if (start) rmSync(start, { recursive: true, force: true });
  });

  it("runs every step that needs no Pulumi CLI, from one starting folder", () => {
    expect(ran).toEqual([
      "git clone <this repository> pulumi-jenkins-jobs",
      "cd pulumi-jenkins-jobs",
      "npm ci",
      "npm pack",
      "cd ..",
      "mkdir my-jenkins-stack",
      "cd my-jenkins-stack",
      "pulumi new ../pulumi-jenkins-jobs/templates/jenkins-typescript --generate-only --yes --name my-jenkins-stack",
      "npm install ../pulumi-jenkins-jobs/pulumi-jenkins-jobs-0.1.0.tgz",
      "npx tsc --noEmit",
    ]);
    // The tarball the page names is the one `npm pack` writes for this version.
    const { version } = JSON.parse(readFileSync(path.join(repoRoot, "package.json"), "utf8")) as { version: string };
    expect(existsSync(path.join(start, "pulumi-jenkins-jobs", `pulumi-jenkins-jobs-${version}.tgz`))).toBe(true);
  });

  it("leaves a project with the package installed from the tarball, ready for `pulumi stack init`", () => {
    const project = path.join(start, "my-jenkins-stack");
    const manifest = JSON.parse(readFileSync(path.join(project, "package.json"), "utf8")) as {
      name: string;
      dependencies: Record<string, string>;
    };
    expect(manifest.name).toBe("my-jenkins-stack");
    expect(manifest.dependencies["pulumi-jenkins-jobs"]).toMatch(/^file:\.\.\/pulumi-jenkins-jobs\/.*\.tgz$/);
    expect(existsSync(path.join(project, "node_modules", "pulumi-jenkins-jobs", "dist", "provider", "index.js"))).toBe(
      true,
    );
  });

  it("leaves to the Pulumi CLI only the login, the stack, its config and the operations, each once", () => {
    expect(needCli.filter((c) => /^pulumi (login|stack init)/.test(c))).toEqual([
      "pulumi login --local",
      "pulumi stack init dev",
    ]);
    expect(
      needCli.every((c) =>
        /^(pulumi (login|stack|config|preview|up|refresh|destroy)|npx pulumi-jenkins serve)\b/.test(c),
      ),
    ).toBe(true);
  });
});
