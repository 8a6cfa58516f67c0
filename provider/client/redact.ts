/**
 * The one place that keeps credentials out of error messages and log lines.
 *
 * The client registers every secret it learns (password, API token, the Basic credential built from them,
 * session cookie values, crumbs) and passes all outgoing text through `redact`. Generic patterns catch the
 * shapes of secrets even when the exact value was never registered (e.g. a cookie echoed by a proxy page).
 */
const MASK = "****";

/** Values shorter than this are not registered: masking every "a" in a message would make it unreadable. */
const MIN_SECRET_LENGTH = 3;

/** "Basic <base64 of user:secret>": masked when the value decodes to something with a colon, as credentials do. */
function maskBasic(text: string): string {
  return text.replace(/\bBasic(\s+)([A-Za-z0-9+/]{4,}={0,2})/g, (whole, space: string, value: string) =>
    Buffer.from(value, "base64").toString("utf8").includes(":") ? `Basic${space}${MASK}` : whole,
  );
}

const PATTERNS: Array<[RegExp, string]> = [
  [/\b(Bearer)\s+[A-Za-z0-9+/=._~-]{8,}/g, `$1 ${MASK}`],
  [/\b(JSESSIONID[.A-Za-z0-9_-]*)=[^;\s,"'<>]+/gi, `$1=${MASK}`],
  [/\b(Jenkins-Crumb)(["']?\s*[:=]\s*["']?)[A-Za-z0-9]{8,}/gi, `$1$2${MASK}`],
  [/\b("?crumb"?\s*:\s*")[A-Za-z0-9]{8,}/gi, `$1${MASK}`],
  // userinfo in URLs: scheme://user:secret@host
  [/(\b[a-z][a-z0-9+.-]*:\/\/)[^/\s:@]+:[^/\s@]+@/gi, `$1${MASK}@`],
];

function variants(secret: string): string[] {
  const out = new Set<string>([secret]);
  out.add(encodeURIComponent(secret));
  out.add(new URLSearchParams({ s: secret }).toString().slice(2));
  return [...out].filter((v) => v.length >= MIN_SECRET_LENGTH);
}

export class Redactor {
  private secrets: string[] = [];

  /** Registers a value that must never appear in output. Empty and very short values are ignored. */
  add(secret: string | undefined): void {
    if (!secret || secret.length < MIN_SECRET_LENGTH) return;
    for (const v of variants(secret)) {
      if (!this.secrets.includes(v)) this.secrets.push(v);
    }
    // Longest first, so that a secret containing another one is masked as a whole.
    this.secrets.sort((a, b) => b.length - a.length);
  }

  /** Registers the Basic credential `user:secret` in its base64 form as well as its parts. */
  addBasic(user: string, secret: string): string {
    const encoded = Buffer.from(`${user}:${secret}`, "utf8").toString("base64");
    this.add(secret);
    this.add(encoded);
    return encoded;
  }

  redact(text: string): string {
    let out = text;
    for (const s of this.secrets) {
      if (out.includes(s)) out = out.split(s).join(MASK);
    }
    out = maskBasic(out);
    for (const [re, replacement] of PATTERNS) out = out.replace(re, replacement);
    return out;
  }

  /** Scrubs an error in place (message, stack and every string field, e.g. Jenkins's message) and returns it. */
  scrubError<E extends Error>(err: E): E {
    err.message = this.redact(err.message);
    if (err.stack) err.stack = this.redact(err.stack);
    const fields = err as unknown as Record<string, unknown>;
    for (const key of Object.keys(fields)) {
      const value = fields[key];
      if (typeof value === "string") fields[key] = this.redact(value);
    }
    return err;
  }
}
