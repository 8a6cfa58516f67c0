/**
 * The users every test server knows, in one place. The secrets are distinctive and differ from the names, so a scan
 * for them cannot miss them and cannot hit them by accident.
 */
import { secretForms } from "./secrets";

/** Administrator: every permission. */
export const ADMIN = {
  name: "admin",
  password: "Pw-admin-7f3Kq9zL",
  apiToken: "11c0ffee0ddba11dead5eed5eedbeef421",
  permissions: "admin" as const,
};

/** Read-only user. */
export const READER = {
  name: "reader",
  password: "Pw-reader-2b8",
  apiToken: "11" + "98fe76dc".repeat(4),
  permissions: "read" as const,
};

export const USERS = [ADMIN, READER];

/** Every form in which the administrator's secrets could leak (plain, URL-encoded, inside a Basic header). */
export function credentialForms(): string[] {
  return secretForms(ADMIN.name, [ADMIN.password, ADMIN.apiToken]);
}
