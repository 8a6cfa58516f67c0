/**
 * The package's command as the docs tell a reader to type it: every simple command of the shell blocks of
 * README.md and docs/guide/*.md that runs `pulumi-jenkins` (through `npx`, or by name), and how to run it from an
 * empty folder with a packed tarball standing in for the package.
 *
 * Which lines: a shell block (```` ```sh ````, `bash`, `shell`) is split into simple commands (continuation lines
 * joined, comments dropped, split at `|`, `||`, `&&`, `;` and parentheses, a leading `do`, `then` or `else` left
 * out), and a command is the package's when it names the package (`-p`/`--package` of `npx`: a
 * `pulumi-jenkins-jobs-<version>.tgz` or the registry name) or one of its bins (`pulumi-jenkins`,
 * `pulumi-jenkins-jobs`) as the command. Every other command is not chosen: `pulumi …` needs the Pulumi CLI,
 * `npm run …` a clone (test/docs/commands.test.ts checks that the script exists), `npx tsc` the project
 * first-stack.md makes (test/package/first-stack.test.ts runs that page's blocks in order), and the shell's own
 * set-up (`export`, `read`, `cd`, `curl`) needs a Jenkins or nothing.
 *
 * How a chosen command runs: words split as the shell splits them (quotes removed, variables left as written),
 * redirections dropped, the package's name or tarball replaced by the tarball packed from this checkout, and
 * `--help` added where the command would act (`import`, `serve`, `review`), so that it parses its options and
 * stops. A command that cannot work from an empty folder is not run: a bin named without the package (`npx
 * pulumi-jenkins`) makes npx fetch whatever the registry holds under that name, which is not this package.
 */
import { readdirSync, readFileSync } from "node:fs";
import * as path from "node:path";
import { readMarkdown, repoRoot, shown } from "./markdown";

export const PACKAGE = "pulumi-jenkins-jobs";
const SHELL_INFO = new Set(["sh", "bash", "shell"]);
/** The subcommands that act: run with `--help`, they parse their options and stop. */
export const ACTING = new Set(["import", "serve", "review"]);

/** A simple command of a shell block, with the 1-based line of the page it starts on. */
export interface SimpleCommand {
  file: string;
  line: number;
  words: string[];
  text: string;
}

/** README.md and the guides: the pages whose command lines must work from an empty folder. */
export function pagesWithCommandLines(root = repoRoot): string[] {
  const guides = path.join(root, "docs", "guide");
  const pages = readdirSync(guides)
    .filter((f) => f.endsWith(".md"))
    .sort()
    .map((f) => path.join(guides, f));
  return [path.join(root, "README.md"), ...pages];
}

/** A line's words as the shell splits them, with the operators that end a simple command as words of their own. */
export function shellWords(line: string): string[] {
  const words: string[] = [];
  let word: string | undefined;
  const push = (): void => {
    if (word !== undefined) words.push(word);
    word = undefined;
  };
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (c === "'" || c === '"') {
      const end = line.indexOf(c, i + 1);
      if (end < 0) throw new Error(`an unclosed ${c} in: ${line}`);
      word = (word ?? "") + line.slice(i + 1, end);
      i = end;
    } else if (c === "\\" && i + 1 < line.length) {
      word = (word ?? "") + line[++i];
    } else if (c === "#" && word === undefined) {
      break;
    } else if (/\s/.test(c)) {
      push();
    } else if ("|&;()".includes(c)) {
      push();
      const two = line.slice(i, i + 2);
      if (two === "||" || two === "&&") {
        words.push(two);
        i++;
      } else words.push(c);
    } else word = (word ?? "") + c;
  }
  push();
  return words;
}

const OPERATORS = new Set(["|", "||", "&&", ";", "(", ")", "&"]);
const KEYWORDS = new Set(["do", "then", "else", "done", "fi", "{", "}", "!"]);

/** The simple commands of a shell block's code; `firstLine` is the page's line of the block's first line. */
export function simpleCommands(code: string, firstLine: number, file = ""): SimpleCommand[] {
  const found: SimpleCommand[] = [];
  const lines = code.split("\n");
  for (let i = 0; i < lines.length; i++) {
    const start = i;
    let text = lines[i];
    while (/\\$/.test(text) && i + 1 < lines.length) text = `${text.slice(0, -1)} ${lines[++i].trim()}`;
    let words: string[] = [];
    const flush = (): void => {
      while (words.length > 0 && KEYWORDS.has(words[0])) words = words.slice(1);
      if (words.length > 0) found.push({ file, line: firstLine + start, words, text: text.trim() });
      words = [];
    };
    for (const w of shellWords(text)) {
      if (OPERATORS.has(w)) flush();
      else words.push(w);
    }
    flush();
  }
  return found;
}

/** Every simple command of the shell blocks of the pages. */
export function commandsOfPages(files: string[]): SimpleCommand[] {
  return files.flatMap((file) =>
    readMarkdown(file)
      .blocks.filter((b) => SHELL_INFO.has(b.info.split(/\s+/)[0]))
      .flatMap((b) => simpleCommands(b.code, b.fenceLine + 1, file)),
  );
}

/** What a chosen command runs: the package's bin with these arguments, or why it cannot run from an empty folder. */
export type PackageCommand =
  { runnable: true; bin: string; args: string[]; subcommand?: string } | { runnable: false; why: string };

/** The bins of the package, from its package.json. */
export function packageBins(root = repoRoot): string[] {
  const manifest = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")) as {
    bin?: Record<string, string>;
  };
  return Object.keys(manifest.bin ?? {});
}

/** The version `npm pack` writes into the tarball's name. */
export function packageVersion(root = repoRoot): string {
  return (JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")) as { version: string }).version;
}

const REDIRECTION = /^(\d*[<>]{1,2}|&>)(&\d+|.*)$/;

/** The words without redirections (`> file`, `</dev/null`, `2>&1`): the shell's, not the command's. */
function withoutRedirections(words: string[]): string[] {
  const kept: string[] = [];
  for (let i = 0; i < words.length; i++) {
    const m = REDIRECTION.exec(words[i]);
    if (m === null) kept.push(words[i]);
    else if (m[2] === "") i++; // the target is the next word
  }
  return kept;
}

/** Whether a spec npx installs is this package: its registry name (with a range) or a tarball `npm pack` wrote. */
function specIsThePackage(spec: string, version: string): { ours: boolean; why?: string } {
  if (spec === PACKAGE || spec.startsWith(`${PACKAGE}@`)) return { ours: true };
  const tarball = new RegExp(`(^|/)${PACKAGE}-(\\d+\\.\\d+\\.\\d+[^/]*)\\.tgz$`).exec(spec);
  if (tarball === null) return { ours: false };
  if (tarball[2] !== version)
    return { ours: true, why: `names the tarball of ${tarball[2]}; npm pack writes ${PACKAGE}-${version}.tgz` };
  return { ours: true };
}

/**
 * Whether a simple command is one of the package's, and if so what it runs from an empty folder. Undefined for a
 * command that is not the package's.
 */
export function packageCommand(
  words: string[],
  bins: string[] = packageBins(),
  version: string = packageVersion(),
): PackageCommand | undefined {
  const plain = withoutRedirections(words);
  if (plain[0] !== "npx") {
    if (!bins.includes(plain[0])) return undefined;
    return { runnable: false, why: `\`${plain[0]}\` is not on the PATH of an empty folder: run it through npx` };
  }
  const specs: string[] = [];
  let i = 1;
  for (; i < plain.length && plain[i].startsWith("-"); i++) {
    const w = plain[i];
    if (w === "-p" || w === "--package") specs.push(plain[++i] ?? "");
    else if (w.startsWith("--package=")) specs.push(w.slice("--package=".length));
    else if (w !== "-y" && w !== "--yes" && w !== "--no") return { runnable: false, why: `npx option ${w}` };
  }
  const [command, ...args] = plain.slice(i);
  const named = specs.map((s) => ({ spec: s, ...specIsThePackage(s, version) }));
  const ours = named.filter((n) => n.ours);
  const isBin = command !== undefined && bins.includes(command);
  if (ours.length === 0 && !isBin) return undefined;
  if (ours.length > 0 && ours[0].why !== undefined) return { runnable: false, why: ours[0].why };
  if (!isBin) return { runnable: false, why: `\`${command}\` is not a bin of the package (${bins.join(", ")})` };
  if (ours.length === 0 && command !== PACKAGE) {
    return {
      runnable: false,
      why:
        specs.length > 0
          ? `-p ${specs.join(" ")} is not this package`
          : `from an empty folder, npx looks up a registry package named ${command}, which is not this one: ` +
            `npx -p <tarball> ${command} … (or npx ${PACKAGE} … once the package is on the registry)`,
    };
  }
  const subcommand = args[0] !== undefined && !args[0].startsWith("-") ? args[0] : undefined;
  return { runnable: true, bin: command, args, subcommand };
}

/** The arguments a runnable command is run with: `--help` added where the command would act. */
export function argsToRun(c: { args: string[]; subcommand?: string }): string[] {
  const asksHelp = c.args.includes("--help") || c.args.includes("-h");
  return c.subcommand !== undefined && ACTING.has(c.subcommand) && !asksHelp ? [...c.args, "--help"] : c.args;
}

/** The `--options` of a command line (the part before `=` of `--a=b`), which its usage must list. */
export function optionsOf(args: string[]): string[] {
  return [...new Set(args.filter((a) => /^--[a-z]/.test(a)).map((a) => a.split("=")[0]))].filter((o) => o !== "--help");
}

/** Where a run of the command says it did not work, as a sentence; undefined when it worked. */
export function runProblem(
  c: { args: string[]; subcommand?: string },
  run: { status: number | null; stdout: string; stderr: string },
): string | undefined {
  const firstError = run.stderr.split("\n").find((l) => l.trim() !== "" && !/^npm (warn|notice)/.test(l));
  if (run.status !== 0) return `exit code ${run.status}: ${firstError ?? run.stdout.split("\n")[0]}`;
  const expected = c.subcommand !== undefined ? `Usage: pulumi-jenkins ${c.subcommand}` : "Usage: pulumi-jenkins";
  if (!run.stdout.startsWith(expected)) return `printed no "${expected}": ${run.stdout.slice(0, 80)}`;
  const unknown = optionsOf(c.args).filter((o) => !new RegExp(`(^|[\\s,])${o}(?![\\w-])`, "m").test(run.stdout));
  if (unknown.length > 0) return `${unknown.join(", ")} not among the options its --help lists`;
  return undefined;
}

/** "file:line: text" of a simple command, for test names and messages. */
export function where(c: SimpleCommand, root = repoRoot): string {
  return `${shown(c.file, root)}:${c.line}: ${c.text}`;
}
