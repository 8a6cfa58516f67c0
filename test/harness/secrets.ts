/** Scans text for credentials in the forms they could leak in: plain, URL-encoded, and inside a Basic header. */

export function secretForms(user: string, secrets: string[]): string[] {
  const out = new Set<string>();
  for (const s of secrets) {
    if (!s) continue;
    out.add(s);
    out.add(encodeURIComponent(s));
    out.add(Buffer.from(`${user}:${s}`, "utf8").toString("base64"));
  }
  return [...out];
}

/** Returns a description of every leak found, e.g. `outputs of api-build: contains "11ab…"` (masked). */
export function findLeaks(label: string, text: string, forms: string[]): string[] {
  const leaks: string[] = [];
  for (const f of forms) {
    if (text.includes(f)) leaks.push(`${label}: contains "${f.slice(0, 4)}…"`);
  }
  return leaks;
}

/** JSON of any value, for scanning nested outputs and errors alike. */
export function textOf(value: unknown): string {
  if (value instanceof Error) return `${value.name}: ${value.message}\n${value.stack ?? ""}`;
  if (typeof value === "string") return value;
  return JSON.stringify(value) ?? String(value);
}
