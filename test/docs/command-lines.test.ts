/**
 * The package's command, as README.md and the guides' shell blocks write it, works from an empty folder with
 * nothing installed but Node.js: each such line (chosen as command-lines.ts says) runs in a new empty folder as npx
 * runs it, with the tarball `npm pack` makes of this checkout standing in for the package (its name or its
 * tarball's path in the line), `--help` added where the command would act. It must exit 0, print the command's
 * usage and list every option the line gives. A line that cannot work from an empty folder (a bin named without its
 * package) fails without being run. npx installs the tarball once, into npm's own cache, from the packages that
 * cache already holds (`--prefer-offline`), and finds each bin on the PATH it gives a command; each line then runs
 * that bin. The install is removed afterwards.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { packCheckout } from "../package/user-project";
import {
  argsToRun,
  commandsOfPages,
  packageBins,
  packageCommand,
  pagesWithCommandLines,
  runProblem,
  simpleCommands,
  where,
  type PackageCommand,
} from "./command-lines";
import { repoRoot } from "./markdown";

const chosen = commandsOfPages(pagesWithCommandLines())
  .map((c) => ({ c, command: packageCommand(c.words) }))
  .filter((x): x is { c: (typeof x)["c"]; command: PackageCommand } => x.command !== undefined)
  .map((x) => ({ ...x, name: where(x.c) }));

let work: string;
let tarball: string;

const NPX = ["--yes", "--prefer-offline", "--no-audit", "--no-fund"];
const installed = new Map<string, string>();

/**
 * The file a bin of the package is, as npx installs the tarball and puts the bin on its PATH from an empty folder:
 * found once per bin through npx itself (`npx -p <tarball> -c 'command -v <bin>'`), then run directly, so that
 * each line costs a Node.js start rather than npx's check of its install.
 */
function binInstalledByNpx(bin: string): string {
  const known = installed.get(bin);
  if (known !== undefined) return known;
  const empty = mkdtempSync(path.join(work, "empty-"));
  const r = spawnSync("npx", [...NPX, "--package", tarball, "-c", `command -v ${bin}`], {
    cwd: empty,
    encoding: "utf8",
    stdio: ["ignore", "pipe", "pipe"],
    timeout: 150_000,
  });
  const file = r.stdout?.trim() ?? "";
  if (r.status !== 0 || file === "") throw new Error(`npx found no ${bin} in the tarball: ${r.stderr ?? r.error}`);
  installed.set(bin, file);
  return file;
}

/** A bin of the package, with these arguments, from a new empty folder. */
function runBin(bin: string, args: string[]): { status: number | null; stdout: string; stderr: string } {
  const empty = mkdtempSync(path.join(work, "empty-"));
  const r = spawnSync(process.execPath, [binInstalledByNpx(bin), ...args], {
    cwd: empty,
    encoding: "utf8",
    stdio: ["ignore", "pipe", "pipe"],
    timeout: 60_000,
  });
  return { status: r.status, stdout: r.stdout ?? "", stderr: r.stderr ?? String(r.error ?? "") };
}

/** The folders under npm's npx cache that installed this run's tarball (its path is unique to the run). */
function npxInstallsOf(file: string): string[] {
  const cache = execFileSync("npm", ["config", "get", "cache"], { encoding: "utf8" }).trim();
  const npxCache = path.join(cache, "_npx");
  if (!existsSync(npxCache)) return [];
  return readdirSync(npxCache)
    .map((d) => path.join(npxCache, d))
    .filter((d) => {
      try {
        const manifest = JSON.parse(readFileSync(path.join(d, "package.json"), "utf8")) as {
          _npx?: { packages?: string[] };
        };
        return manifest._npx?.packages?.includes(file) === true;
      } catch {
        return false;
      }
    });
}

beforeAll(() => {
  work = mkdtempSync(path.join(os.tmpdir(), "docs-command-lines-"));
  tarball = packCheckout(repoRoot, work);
});
afterAll(() => {
  if (tarball) for (const d of npxInstallsOf(tarball)) rmSync(d, { recursive: true, force: true });
  if (work) rmSync(work, { recursive: true, force: true });
});

test("the lines are found where the docs run the command from any folder", () => {
  const pages = new Set(chosen.map((x) => path.relative(repoRoot, x.c.file)));
  expect([...pages]).toEqual(
    expect.arrayContaining([
      "README.md",
      path.join("docs", "guide", "import.md"),
      path.join("docs", "guide", "large-estates.md"),
      path.join("docs", "guide", "review.md"),
      path.join("docs", "guide", "server.md"),
    ]),
  );
  // The large-estates loop's import, inside `while …; do` and followed by a redirection.
  expect(chosen.map((x) => x.c.text)).toContainEqual(expect.stringMatching(/^npx .* import --folder "\$folder" /));
  expect(packageBins()).toEqual(["pulumi-jenkins", "pulumi-jenkins-jobs"]);
});

test.each(chosen)(
  "$name",
  ({ command }) => {
    if (!command.runnable) throw new Error(`does not work from an empty folder: ${command.why}`);
    const args = argsToRun(command);
    expect(runProblem(command, runBin(command.bin, args))).toBeUndefined();
  },
  180_000,
);

describe("on samples", () => {
  const sample = (text: string) => simpleCommands(text, 1).map((c) => packageCommand(c.words, packageBins(), "0.1.0"));

  it("chooses the package's command wherever it stands in a line, and nothing else", () => {
    const loop = [
      "curl -fsS \"${JENKINS_URL}api/json\" | jq -r '.jobs[] | .name' |",
      "  while read -r folder; do",
      '    npx -p ~/src/pulumi-jenkins-jobs/pulumi-jenkins-jobs-0.1.0.tgz pulumi-jenkins import --folder "$folder" \\',
      "      --quiet </dev/null",
      "    (cd x && npm install && npx tsc --noEmit) # pulumi-jenkins import",
      "  done",
    ].join("\n");
    expect(sample(loop).filter((c) => c !== undefined)).toEqual([
      {
        runnable: true,
        bin: "pulumi-jenkins",
        args: ["import", "--folder", "$folder", "--quiet"],
        subcommand: "import",
      },
    ]);
  });

  it("refuses, without running it, a bin named without the package, a bare bin, another version's tarball", () => {
    const [bare, byName, oldTarball, registry, other] = sample(
      [
        "npx pulumi-jenkins serve --port 8080",
        "pulumi-jenkins review preview.json",
        "npx -p ../x/pulumi-jenkins-jobs-0.0.9.tgz pulumi-jenkins import --out y",
        "npx pulumi-jenkins-jobs review preview.json > review.md",
        "npx -p left-pad pulumi-jenkins review x.json",
      ].join("\n"),
    );
    expect(bare).toEqual({
      runnable: false,
      why: expect.stringMatching(/^from an empty folder, npx looks up a registry package named pulumi-jenkins/),
    });
    expect(byName).toEqual({ runnable: false, why: expect.stringMatching(/not on the PATH of an empty folder/) });
    expect(oldTarball).toEqual({
      runnable: false,
      why: "names the tarball of 0.0.9; npm pack writes pulumi-jenkins-jobs-0.1.0.tgz",
    });
    expect(registry).toEqual({
      runnable: true,
      bin: "pulumi-jenkins-jobs",
      args: ["review", "preview.json"],
      subcommand: "review",
    });
    expect(other).toEqual({ runnable: false, why: "-p left-pad is not this package" });
    expect(argsToRun({ args: ["review", "preview.json"], subcommand: "review" })).toEqual([
      "review",
      "preview.json",
      "--help",
    ]);
  });

  it("reports a line whose option does not exist, and runs the bin named as the package", () => {
    const misspelt = { args: ["import", "--outdir", "x"], subcommand: "import" };
    expect(runProblem(misspelt, runBin("pulumi-jenkins", argsToRun(misspelt)))).toMatch(/^exit code 2: /);
    // serve stops at --help before reading its options: the usage it prints must list each one.
    const serve = { args: ["serve", "--prot", "8080"], subcommand: "serve" };
    expect(runProblem(serve, runBin("pulumi-jenkins", argsToRun(serve)))).toBe(
      "--prot not among the options its --help lists",
    );
    const named = { args: ["import", "--out", "x", "--quiet"], subcommand: "import" };
    expect(runProblem(named, runBin("pulumi-jenkins-jobs", argsToRun(named)))).toBeUndefined();
  });
});
