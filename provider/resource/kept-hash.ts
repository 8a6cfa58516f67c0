/**
 * How a job's outputs keep a SHA-256 (config-digest.ts): in base64url, 43 characters instead of the 64 of hex, three
 * per job. States written before keep hex, which compares as well.
 */

/** `hex` (a SHA-256 as the hash functions give it) as a digest keeps it. */
export function keptHash(hex: string): string {
  return Buffer.from(hex, "hex").toString("base64url");
}

/** The first 128 bits of a kept hash: what a job's stored digest keeps of each (digest-text.ts). */
export function shortHash(kept: string): string {
  return kept.length === 43 ? kept.slice(0, SHORT) : kept;
}

/** 22 base64url characters: 132 bits, the first 128 of the hash whole. */
const SHORT = 22;

/** Whether `kept` (base64url, whole or its first 128 bits, or hex in states written before) is the hash `hex` names. */
export function sameHash(kept: string | undefined, hex: string): boolean {
  if (kept === undefined) return false;
  if (kept === hex) return true;
  const mine = keptHash(hex);
  return kept === mine || (kept.length === SHORT && kept === mine.slice(0, SHORT));
}
