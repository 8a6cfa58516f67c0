/** HTTP Basic authentication against the configured users: API token first, then password (as Jenkins does). */
import { timingSafeEqual } from "node:crypto";
import type { IncomingHttpHeaders } from "node:http";
import type { PermissionLevel, UserSpec } from "./options";

export type AuthResult =
  | { kind: "anonymous" }
  | { kind: "user"; name: string; level: PermissionLevel; grants: readonly string[]; viaToken: boolean }
  /** Wrong user or secret: answered 401 before anything else. */
  | { kind: "invalid"; name: string };

function same(a: string, b: string): boolean {
  const x = Buffer.from(a, "utf8");
  const y = Buffer.from(b, "utf8");
  return x.length === y.length && timingSafeEqual(x, y);
}

export function authenticate(headers: IncomingHttpHeaders, users: Required<UserSpec>[]): AuthResult {
  const header = headers.authorization;
  if (!header) return { kind: "anonymous" };
  const m = /^Basic\s+(\S*)\s*$/i.exec(header);
  if (!m) return { kind: "anonymous" };
  const decoded = Buffer.from(m[1], "base64").toString("utf8");
  const colon = decoded.indexOf(":");
  if (colon < 0) return { kind: "invalid", name: decoded };
  const name = decoded.slice(0, colon);
  const secret = decoded.slice(colon + 1);
  // User ids are case-insensitive in Jenkins's own user database.
  const user = users.find((u) => u.name.toLowerCase() === name.toLowerCase());
  if (!user) return { kind: "invalid", name };
  if (same(secret, user.apiToken))
    return { kind: "user", name: user.name, level: user.permissions, grants: user.grants, viaToken: true };
  if (same(secret, user.password))
    return { kind: "user", name: user.name, level: user.permissions, grants: user.grants, viaToken: false };
  return { kind: "invalid", name };
}

export function levelOf(auth: AuthResult): PermissionLevel | undefined {
  return auth.kind === "user" ? auth.level : undefined;
}

export function grantsOf(auth: AuthResult): readonly string[] {
  return auth.kind === "user" ? auth.grants : [];
}

export function userNameOf(auth: AuthResult): string {
  return auth.kind === "user" ? auth.name : "anonymous";
}
