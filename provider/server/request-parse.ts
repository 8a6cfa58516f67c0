/** Turning the raw request line into path segments and parameters, with the container's own rejections. */
import { ContainerError } from "./http-errors";

export interface ParsedTarget {
  rawPath: string;
  rawQuery: string;
  segments: string[];
}

export function splitTarget(target: string): { rawPath: string; rawQuery: string } {
  // An absolute-form target (sent to proxies) carries scheme and host: keep only path and query.
  const url = /^https?:\/\//i.test(target) ? target.replace(/^https?:\/\/[^/?#]*/i, "") || "/" : target;
  const q = url.indexOf("?");
  return q < 0 ? { rawPath: url, rawQuery: "" } : { rawPath: url.slice(0, q), rawQuery: url.slice(q + 1) };
}

/** Each segment is percent-decoded as UTF-8; an encoded "/" inside a segment is refused (Jetty 12). */
export function decodeSegments(rawPath: string): string[] {
  const parts = rawPath.split("/").slice(1);
  return parts.map((p) => {
    if (/%2f/i.test(p)) throw new ContainerError(400, "Ambiguous URI path separator");
    try {
      return decodeURIComponent(p);
    } catch {
      throw new ContainerError(400, "Bad Request");
    }
  });
}

/** Stapler's request parameters: the query string, plus the form body for urlencoded POSTs. */
export function requestParams(rawQuery: string, contentType: string | undefined, body: Buffer): URLSearchParams {
  const params = new URLSearchParams(rawQuery);
  if (contentType && contentType.toLowerCase().startsWith("application/x-www-form-urlencoded")) {
    for (const [k, v] of new URLSearchParams(body.toString("utf8"))) params.append(k, v);
  }
  return params;
}
