/**
 * The two layouts of a review: GitHub-flavoured Markdown for a pull-request comment or a job summary, and plain
 * text for a terminal. Anything that comes from the preview (names, paths, messages, configs) goes into a code span
 * or a fenced block sized to what it holds, so no job name or script can break the layout of the comment.
 */

export interface Format {
  readonly name: "markdown" | "text";
  title(text: string): string;
  section(text: string): string;
  entry(text: string): string;
  /** A literal inline: a path, a property name, a value. */
  code(text: string): string;
  strong(text: string): string;
  bullet(text: string): string;
  /** Lines shown as they are (a diff, a config, a message). */
  block(lines: readonly string[], language: "diff" | "yaml" | "text"): string;
  /** A collapsed body under a one-line summary (`summary` holds a kind, a path and a URL). */
  details(noun: string, path: string, url: string | undefined, body: string): string;
  table(head: readonly string[], rows: ReadonlyArray<readonly string[]>): string;
  note(text: string): string;
  link(url: string): string;
  /** `text` as the continuation of the bullet above it. */
  nested(text: string): string;
}

function longestRun(text: string, char: string): number {
  let longest = 0;
  let run = 0;
  for (const c of text) {
    run = c === char ? run + 1 : 0;
    if (run > longest) longest = run;
  }
  return longest;
}

const escapeHtml = (s: string): string =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

const indent = (text: string, by: string): string =>
  text
    .split("\n")
    .map((l) => (l === "" ? l : by + l))
    .join("\n");

export const markdown: Format = {
  name: "markdown",
  title: (text) => `## ${text}`,
  section: (text) => `### ${text}`,
  entry: (text) => `#### ${text}`,
  code(text) {
    const fence = "`".repeat(longestRun(text, "`") + 1);
    const pad = text.startsWith("`") || text.endsWith("`") || text === "" ? " " : "";
    return `${fence}${pad}${text}${pad}${fence}`;
  },
  strong: (text) => `**${text}**`,
  bullet: (text) => `- ${text}`,
  block(lines, language) {
    const body = lines.join("\n");
    const fence = "`".repeat(Math.max(3, longestRun(body, "`") + 1));
    return `${fence}${language}\n${body}\n${fence}`;
  },
  details(noun, path, url, body) {
    const where = url ? ` ${escapeHtml(url)}` : "";
    return `<details><summary>${noun} <code>${escapeHtml(path)}</code>${where}</summary>\n\n${body}\n\n</details>`;
  },
  table(head, rows) {
    const line = (cells: readonly string[]): string => `| ${cells.join(" | ")} |`;
    return [line(head), line(head.map((_, i) => (i === 0 ? "---" : "---:"))), ...rows.map(line)].join("\n");
  },
  note: (text) => `> ${text}`,
  link: (url) => `<${url}>`,
  nested: (text) => indent(text, "  "),
};

export const text: Format = {
  name: "text",
  title: (t) => `${t}\n${"=".repeat(t.length)}`,
  section: (t) => `${t}\n${"-".repeat(t.length)}`,
  entry: (t) => t,
  code: (t) => t,
  strong: (t) => t,
  bullet: (t) => `  - ${t}`,
  block: (lines) => indent(lines.join("\n"), "    "),
  details: (noun, path, url, body) => `  ${noun} ${path}${url ? `  ${url}` : ""}\n${indent(body, "  ")}`,
  table(head, rows) {
    const all = [head, ...rows];
    const widths = head.map((_, i) => Math.max(...all.map((r) => r[i].length)));
    return all
      .map((r) =>
        r
          .map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i])))
          .join("  ")
          .trimEnd(),
      )
      .map((l) => `  ${l}`)
      .join("\n");
  },
  note: (t) => `Note: ${t}`,
  link: (url) => url,
  nested: (t) => indent(t, "    "),
};
