/**
 * How a job's outputs keep a SHA-256 (config-digest.ts): in base64url, 43 characters instead of the 64 of hex, three
 * per job. States written before keep hex, which compares as well.
 */

/** `hex` (a SHA-256 as the hash functions give it) as a digest keeps it. */
export function keptHash(hex: string): string {
  return Buffer.from(hex, "hex").toString("base64url");
}

/** Whether `kept` (base64url, or hex in states written before) is the hash `hex` names. */
export function sameHash(kept: string | undefined, hex: string): boolean {
  return kept !== undefined && (kept === hex || kept === keptHash(hex));
}
