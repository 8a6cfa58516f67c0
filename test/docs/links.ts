/**
 * Relative links and heading anchors of the docs, checked as GitHub resolves them: a link's path relative to the
 * page's folder must exist, and a `#fragment` into a Markdown page must name one of its headings (by GitHub's slug
 * rules) or an explicit `<a id>`/`<a name>`. Links to other sites are not followed.
 */
import { existsSync, readFileSync, statSync } from "node:fs";
import * as path from "node:path";
import { parseMarkdown, shown, type ProseLine } from "./markdown";

/**
 * GitHub's anchor for a heading's text (what github-slugger does): lower case, every character that is not a
 * letter, mark, number, connector punctuation, space or hyphen dropped, spaces turned into hyphens.
 */
export function githubSlug(text: string): string {
  return text
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, "")
    .replace(/ /g, "-");
}

/** A heading's text as GitHub renders it: inline code keeps its content, links their text, markup goes. */
function headingText(raw: string): string {
  return raw
    .replace(/\s+#+\s*$/, "") // closing hashes
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/<[^>]+>/g, "")
    .replace(/`([^`]*)`/g, "$1")
    .replace(/\*+/g, "");
}

/** Inline code spans blanked out (same length), so links and names inside them are not read. */
function withoutCodeSpans(line: string): string {
  return line.replace(/(`+)(.+?)\1/g, (m) => " ".repeat(m.length));
}

/** Every anchor a page offers: its headings' slugs (the n-th repeat gets "-n") and explicit HTML ids. */
export function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const { text } of parseMarkdown(markdown).prose) {
    const heading = /^ {0,3}#{1,6}\s+(.*)$/.exec(text);
    if (heading) {
      const base = githubSlug(headingText(heading[1]));
      const n = seen.get(base) ?? 0;
      seen.set(base, n + 1);
      anchors.add(n === 0 ? base : `${base}-${n}`);
    }
    for (const m of text.matchAll(/<a\s+(?:id|name)="([^"]+)"/g)) anchors.add(m[1]);
  }
  return anchors;
}

export interface Link {
  line: number;
  target: string;
}

/** Inline links and images `[text](target)` and reference definitions `[label]: target`, outside code. */
export function linksOf(prose: ProseLine[]): Link[] {
  const links: Link[] = [];
  for (const { line, text } of prose) {
    const plain = withoutCodeSpans(text);
    for (const m of plain.matchAll(/\]\(\s*(<[^>]*>|[^)\s]+)(?:\s+"[^"]*")?\s*\)/g)) {
      links.push({ line, target: m[1].replace(/^<|>$/g, "") });
    }
    const definition = /^ {0,3}\[[^\]]+\]:\s+(\S+)/.exec(plain);
    if (definition) links.push({ line, target: definition[1].replace(/^<|>$/g, "") });
  }
  return links;
}

const anchorCache = new Map<string, Set<string>>();

function anchorsOfFile(file: string): Set<string> {
  let anchors = anchorCache.get(file);
  if (anchors === undefined) {
    anchors = anchorsOf(readFileSync(file, "utf8"));
    anchorCache.set(file, anchors);
  }
  return anchors;
}

/** Each relative link of the files that leads nowhere, as "file:line: why". */
export function brokenLinks(files: string[], root?: string): string[] {
  anchorCache.clear();
  const problems: string[] = [];
  for (const file of files) {
    const { prose } = parseMarkdown(readFileSync(file, "utf8"));
    for (const { line, target } of linksOf(prose)) {
      if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith("//")) continue; // another site, mailto:
      const hash = target.indexOf("#");
      const pathPart = decodeURIComponent(hash === -1 ? target : target.slice(0, hash));
      const fragment = hash === -1 ? undefined : decodeURIComponent(target.slice(hash + 1));
      const where = `${shown(file, root)}:${line}`;
      const resolved = pathPart === "" ? file : path.resolve(path.dirname(file), pathPart);
      if (!existsSync(resolved)) {
        problems.push(`${where}: ${target}: no file ${shown(resolved, root)}`);
        continue;
      }
      if (fragment === undefined || fragment === "") continue;
      if (statSync(resolved).isDirectory() || !resolved.endsWith(".md")) continue; // line anchors of code: GitHub's
      if (!anchorsOfFile(resolved).has(fragment)) {
        problems.push(`${where}: ${target}: no heading or anchor "#${fragment}" in ${shown(resolved, root)}`);
      }
    }
  }
  return problems;
}
