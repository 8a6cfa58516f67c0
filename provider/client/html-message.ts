/**
 * Pulls the one line that matters out of a Jenkins (or Jetty) HTML error page.
 *
 * Jenkins answers errors with whole HTML pages: a `Failure` page whose message sits under an "Error"
 * heading, the "Oops!" page for uncaught exceptions, the "Not Found" page, and Jetty's own plain error page
 * (used for the crumb refusal) with a MESSAGE row. Users need the message, not the page, so this extracts
 * it with a few regular expressions and never returns more than one short line. It never parses the page
 * as XML: an HTML page is not well-formed XML.
 */

const MAX_LENGTH = 300;

const NAMED_ENTITIES: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  nbsp: " ",
  lsquo: "‘",
  rsquo: "’",
  ldquo: "“",
  rdquo: "”",
  raquo: "»",
  laquo: "«",
  hellip: "…",
};

export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, body: string) => {
    if (body[0] === "#") {
      const code = body[1] === "x" || body[1] === "X" ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return NAMED_ENTITIES[body.toLowerCase()] ?? whole;
  });
}

/** Text content of an HTML fragment, on one line. */
export function htmlToText(fragment: string): string {
  const noTags = fragment
    .replace(/<(script|style|svg)\b[\s\S]*?<\/\1\s*>/gi, " ")
    .replace(/<!--[\s\S]*?-->/g, " ")
    .replace(/<[^>]*>/g, " ");
  return decodeEntities(noTags).replace(/\s+/g, " ").trim();
}

function shorten(text: string): string {
  return text.length > MAX_LENGTH ? `${text.slice(0, MAX_LENGTH - 1)}…` : text;
}

function firstMatch(html: string, re: RegExp): string | undefined {
  const m = re.exec(html);
  if (!m) return undefined;
  const text = htmlToText(m[1]);
  return text.length > 0 ? text : undefined;
}

/** A body that starts like an HTML document (whatever its content type claims). */
export function looksLikeHtml(body: string): boolean {
  const head = body
    .slice(0, 64)
    .replace(/^\uFEFF/, "")
    .trimStart()
    .toLowerCase();
  return head.startsWith("<!doctype html") || head.startsWith("<html");
}

/** Text of an HTML fragment with line breaks kept (for stack traces). */
function preText(fragment: string): string {
  return decodeEntities(fragment.replace(/<[^>]*>/g, ""));
}

/**
 * One line summarising the "Oops!" page: the headline, the exception line and the deepest "Caused by" when
 * the page shows a stack trace, and the logging id that finds the full trace in the Jenkins log.
 */
function summariseOops(html: string): string {
  const headline = "Oops! A problem occurred while processing the request";
  const loggingId = /Logging ID\s*=\s*([0-9a-f-]{8,})/i.exec(html);
  const idPart = loggingId ? `Logging ID=${loggingId[1]}` : undefined;
  const details: string[] = [];
  const pre = /<pre\b[^>]*>([\s\S]*?)<\/pre>/i.exec(html);
  if (pre) {
    const lines = preText(pre[1])
      .split(/\r?\n/)
      .map((l) => l.replace(/\s+/g, " ").trim())
      .filter((l) => l.length > 0);
    const first = lines.find((l) => !l.startsWith("at ") && !l.startsWith("..."));
    const causes = lines.filter((l) => l.startsWith("Caused by: "));
    // The logging id must survive shortening: it is what finds the full trace in the Jenkins log.
    const separators = 3 * (1 + (first ? 1 : 0) + (causes.length > 0 ? 1 : 0));
    let budget = MAX_LENGTH - headline.length - (idPart?.length ?? 0) - separators;
    if (first) {
      const clipped = clip(first, Math.min(first.length, causes.length > 0 ? 80 : budget));
      details.push(clipped);
      budget -= clipped.length;
    }
    if (causes.length > 0) details.push(clip(causes[causes.length - 1], budget));
  }
  return [headline, ...details, ...(idPart ? [idPart] : [])].join(" | ");
}

function clip(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, Math.max(0, max - 1))}…` : text;
}

/** The main message of an HTML error page, or undefined when the body is not an HTML page. */
export function messageFromHtml(body: string): string | undefined {
  if (!body || !/<[a-z!]/i.test(body)) return undefined;
  if (/Oops!/.test(body) || /A problem occurred while processing the request/i.test(body)) {
    return summariseOops(body);
  }
  // Jetty's own error page (e.g. the crumb refusal) has a MESSAGE row.
  const jettyMessage = firstMatch(body, /<th>\s*MESSAGE:\s*<\/th>\s*<td>([\s\S]*?)<\/td>/i);
  if (jettyMessage) return shorten(jettyMessage);

  const h1End = body.search(/<\/h1\s*>/i);
  const h1 = firstMatch(body, /<h1\b[^>]*>([\s\S]*?)<\/h1>/i);
  if (h1 !== undefined && h1End >= 0) {
    // Jenkins pages: a heading ("Error" on a Failure page, "Access Denied", "Not Found") and a paragraph.
    const para = firstMatch(body.slice(h1End), /<p\b[^>]*>([\s\S]*?)<\/p>/i);
    if (/^error$/i.test(h1)) return shorten(para ?? h1);
    return shorten(para ? `${h1}: ${para}` : h1);
  }
  const h2 = firstMatch(body, /<h2\b[^>]*>([\s\S]*?)<\/h2>/i);
  if (h2) return shorten(h2.replace(/^HTTP ERROR \d+\s*/i, "") || h2);
  const title = firstMatch(body, /<title\b[^>]*>([\s\S]*?)<\/title>/i);
  if (title) return shorten(title.replace(/\s*\[Jenkins\]\s*$/, "").replace(/^Error \d+\s*/i, "") || title);
  const text = htmlToText(body.replace(/<head\b[\s\S]*?<\/head\s*>/i, " "));
  return text.length > 0 ? shorten(text) : undefined;
}

/**
 * Jenkins's message for an error answer. `X-Error` is authoritative but cannot carry curly quotes (they arrive
 * as spaces or `?`); when the page holds the same sentence with its real quotes, the page's text wins.
 */
export function jenkinsMessage(
  xError: string | undefined,
  body: string,
  contentType: string | undefined,
): string | undefined {
  const fromPage = isHtmlType(contentType) || looksLikeHtml(body) ? messageFromHtml(body) : undefined;
  const header = xError?.trim() || undefined;
  if (header === undefined) {
    if (fromPage !== undefined) return fromPage;
    const plain = body.trim();
    // A short plain-text body (a proxy, a servlet container) is a message in itself.
    return plain && plain.length <= MAX_LENGTH && !plain.includes("\n") && !isHtmlType(contentType) ? plain : undefined;
  }
  if (fromPage !== undefined && sameSentence(header, fromPage)) return fromPage;
  return shorten(header);
}

/** Compares two renderings of one sentence ignoring quote characters and what the container put in their place. */
function sameSentence(a: string, b: string): boolean {
  const norm = (s: string) => s.replace(/[^\p{L}\p{N}]+/gu, "").toLowerCase();
  return norm(a) === norm(b);
}

export function isHtmlType(contentType: string | undefined): boolean {
  return /^\s*(text\/html|application\/xhtml\+xml)\b/i.test(contentType ?? "");
}
