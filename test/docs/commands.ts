/**
 * The commands the docs tell a reader to run: every `npm run X` must be a script of package.json, every
 * `pulumi-jenkins X` a command of the package's bin (provider/entries/bin.ts). Read everywhere in a page, code
 * blocks included, since that is where commands are.
 */
import { readFileSync } from "node:fs";
import * as path from "node:path";
import { repoRoot, shown } from "./markdown";

/** The scripts of a package.json. */
export function npmScripts(packageJson = path.join(repoRoot, "package.json")): Set<string> {
  const manifest = JSON.parse(readFileSync(packageJson, "utf8")) as { scripts?: Record<string, string> };
  return new Set(Object.keys(manifest.scripts ?? {}));
}

/** The commands `pulumi-jenkins` dispatches on: the `case "name":` labels of bin.ts's switch (flags left out). */
export function binCommands(binSource = path.join(repoRoot, "provider", "entries", "bin.ts")): Set<string> {
  const text = readFileSync(binSource, "utf8");
  return new Set([...text.matchAll(/^\s*case "([a-z][a-z-]*)":/gm)].map((m) => m[1]));
}

/** `npm run X` (flags before X skipped) and `pulumi-jenkins X` (not `pulumi-jenkins-jobs`), with their line. */
export function commandsNamed(text: string): { line: number; kind: "npm" | "bin"; name: string }[] {
  const found: { line: number; kind: "npm" | "bin"; name: string }[] = [];
  text.split("\n").forEach((lineText, i) => {
    for (const m of lineText.matchAll(/\bnpm\s+run(?:-script)?((?:\s+-{1,2}[a-z-]+)*)\s+([A-Za-z0-9][\w:.-]*)/g)) {
      found.push({ line: i + 1, kind: "npm", name: m[2] });
    }
    for (const m of lineText.matchAll(/(?<![\w/.-])pulumi-jenkins(?![\w-])\s+([a-z][a-z-]*)/g)) {
      found.push({ line: i + 1, kind: "bin", name: m[1] });
    }
  });
  return found;
}

/** Each command named in the files that does not exist, as "file:line: why". */
export function unknownCommands(
  files: string[],
  scripts: Set<string> = npmScripts(),
  commands: Set<string> = binCommands(),
  root?: string,
): string[] {
  const problems: string[] = [];
  for (const file of files) {
    for (const { line, kind, name } of commandsNamed(readFileSync(file, "utf8"))) {
      const where = `${shown(file, root)}:${line}`;
      if (kind === "npm" && !scripts.has(name)) {
        problems.push(`${where}: \`npm run ${name}\`: package.json has no script "${name}"`);
      }
      if (kind === "bin" && !commands.has(name)) {
        problems.push(
          `${where}: \`pulumi-jenkins ${name}\`: the bin has no command "${name}" (it has ${[...commands].join(", ")}; ` +
            "name the command itself in backticks, `pulumi-jenkins`, when the word after it is prose)",
        );
      }
    }
  }
  return problems;
}
