/**
 * HTTP sessions and crumbs. Since Jenkins 2.186 a crumb is bound to the session (and the user); fetching a
 * crumb always creates a session. A restart renames the session cookie and forgets every session.
 */
import { createHash, randomBytes } from "node:crypto";
import type { IncomingHttpHeaders } from "node:http";

export class SessionStore {
  cookieName = "";
  private sessions = new Set<string>();
  private salt = "";

  constructor() {
    this.reset();
  }

  /** What a restart does: new cookie name (JSESSIONID.<8 hex>), no sessions, new salt. */
  reset(): void {
    this.cookieName = "JSESSIONID." + randomBytes(4).toString("hex");
    this.sessions.clear();
    this.salt = randomBytes(16).toString("hex");
  }

  /** The session named by the request's cookie, if it is one of ours. */
  find(headers: IncomingHttpHeaders): string | undefined {
    const cookie = headers.cookie;
    if (!cookie) return undefined;
    for (const part of cookie.split(";")) {
      const eq = part.indexOf("=");
      if (eq < 0) continue;
      if (part.slice(0, eq).trim() !== this.cookieName) continue;
      const id = part.slice(eq + 1).trim();
      if (this.sessions.has(id)) return id;
    }
    return undefined;
  }

  create(): { id: string; setCookie: string } {
    // Jetty session ids look like "node0<random>0".
    const id = "node0" + randomBytes(12).toString("hex") + "0";
    this.sessions.add(id);
    return { id, setCookie: `${this.cookieName}=${id}; Path=/; HttpOnly` };
  }

  crumbFor(sessionId: string, userName: string): string {
    return createHash("sha256").update(`${userName};${sessionId};${this.salt}`).digest("hex");
  }

  isValidCrumb(crumb: string | undefined, sessionId: string | undefined, userName: string): boolean {
    if (!crumb || !sessionId) return false;
    return crumb === this.crumbFor(sessionId, userName);
  }
}
