/**
 * The Markdown the documentation checks read: which files (README.md, docs/, the examples' READMEs), and the
 * fenced code blocks of a file with their line numbers. Plain line scanning: CommonMark fences (``` or ~~~, three or
 * more, closed by a fence of the same character at least as long), which is all the docs use.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import * as path from "node:path";

export const repoRoot = path.resolve(__dirname, "..", "..", "..");

function markdownUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true })
    .flatMap((e) => {
      const full = path.join(dir, e.name);
      if (e.isDirectory()) return e.name === "node_modules" ? [] : markdownUnder(full);
      return e.name.endsWith(".md") ? [full] : [];
    })
    .sort();
}

/** The pages a reader of the repository follows: README.md, every page of docs/, the examples' READMEs. */
export function documentationFiles(root = repoRoot): string[] {
  const examples = markdownUnder(path.join(root, "examples")).filter((f) => path.basename(f) === "README.md");
  return [path.join(root, "README.md"), ...markdownUnder(path.join(root, "docs")), ...examples].filter((f) =>
    existsSync(f),
  );
}

export interface CodeBlock {
  /** The info string after the opening fence, e.g. "ts" or "ts fragment". */
  info: string;
  /** 1-based line of the opening fence: the block's first line of code is `fenceLine + 1`. */
  fenceLine: number;
  code: string;
}

/** A line of a file outside any fenced code block, with its 1-based number. */
export interface ProseLine {
  line: number;
  text: string;
}

export interface ParsedMarkdown {
  blocks: CodeBlock[];
  prose: ProseLine[];
}

const FENCE = /^ {0,3}(`{3,}|~{3,})\s*([^`]*)$/;

export function parseMarkdown(text: string): ParsedMarkdown {
  const lines = text.split("\n");
  const blocks: CodeBlock[] = [];
  const prose: ProseLine[] = [];
  let open: { fence: string; info: string; fenceLine: number; code: string[] } | undefined;
  lines.forEach((line, i) => {
    if (open === undefined) {
      const m = FENCE.exec(line);
      if (m) open = { fence: m[1], info: m[2].trim(), fenceLine: i + 1, code: [] };
      else prose.push({ line: i + 1, text: line });
      return;
    }
    const close = /^ {0,3}(`{3,}|~{3,})\s*$/.exec(line);
    if (close && close[1][0] === open.fence[0] && close[1].length >= open.fence.length) {
      blocks.push({ info: open.info, fenceLine: open.fenceLine, code: open.code.join("\n") });
      open = undefined;
    } else open.code.push(line);
  });
  // An unclosed fence runs to the end of the file, as CommonMark reads it.
  if (open !== undefined) blocks.push({ info: open.info, fenceLine: open.fenceLine, code: open.code.join("\n") });
  return { blocks, prose };
}

export function readMarkdown(file: string): ParsedMarkdown {
  return parseMarkdown(readFileSync(file, "utf8"));
}

/** A path for messages: relative to the repository when inside it. */
export function shown(file: string, root = repoRoot): string {
  const rel = path.relative(root, file);
  return rel.startsWith("..") ? file : rel;
}
