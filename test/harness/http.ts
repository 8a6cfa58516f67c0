/** Raw HTTP to the server, for tests that look at its own answer: status, headers and body, redirects not followed. */
import { request } from "undici";

export interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

export interface Call {
  method?: string;
  /** "user:secret", sent as a Basic Authorization header. */
  auth?: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
}

export async function call(server: { url: string }, path: string, c: Call = {}): Promise<Answer> {
  const headers: Record<string, string> = { ...(c.headers ?? {}) };
  if (c.auth) headers.authorization = "Basic " + Buffer.from(c.auth, "utf8").toString("base64");
  const res = await request(new URL(path, server.url), { method: (c.method ?? "GET") as "GET", headers, body: c.body });
  const body = await res.body.text();
  return { status: res.statusCode, headers: res.headers, body };
}

/** One header of an answer; the values of a repeated header joined by ", ". */
export function h(a: Answer, name: string): string | undefined {
  const v = a.headers[name.toLowerCase()];
  return Array.isArray(v) ? v.join(", ") : v;
}

export function hAll(a: Answer, name: string): string[] {
  const v = a.headers[name.toLowerCase()];
  return v === undefined ? [] : Array.isArray(v) ? v : [v];
}
