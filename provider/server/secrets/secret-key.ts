/**
 * The controller's own key for `hudson.util.Secret` and the text form of an encrypted value, as core writes it:
 * `{` + base64 of (byte 0x01, int32 IV length, int32 ciphertext length, IV, AES-128-CBC/PKCS#5 ciphertext) + `}`.
 * A value is decrypted only when the whole payload fits that form and the key opens it; anything else is plaintext
 * (Secret.decrypt answers null, Secret.fromString then takes the text as it is).
 */
import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import * as fs from "node:fs";
import * as path from "node:path";

const PAYLOAD_V1 = 1;
const IV_BYTES = 16;

/** Where Jenkins keeps the key under its home (there itself encrypted by master.key; here the raw bytes). */
export function keyFileOf(dataDir: string): string {
  return path.join(dataDir, "secrets", "hudson.util.Secret");
}

/** The key of the home in `dataDir`, made on first start and kept across restarts like Jenkins's. */
export function loadOrCreateKey(dataDir: string): Buffer {
  const file = keyFileOf(dataDir);
  try {
    const key = fs.readFileSync(file);
    if (key.length === 16) return key;
  } catch {
    // no key yet
  }
  const key = randomBytes(16);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, key, { mode: 0o600 });
  return key;
}

/** A new encrypted text of `plaintext` (a new IV each time). */
export function encryptSecret(key: Buffer, plaintext: string, iv: Buffer = randomBytes(IV_BYTES)): string {
  const cipher = createCipheriv("aes-128-cbc", key, iv);
  const data = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  const head = Buffer.alloc(9);
  head.writeUInt8(PAYLOAD_V1, 0);
  head.writeInt32BE(iv.length, 1);
  head.writeInt32BE(data.length, 5);
  return `{${Buffer.concat([head, iv, data]).toString("base64")}}`;
}

/** The plaintext of an encrypted text made with `key`, or undefined when `text` is not one. */
export function decryptSecret(key: Buffer, text: string): string | undefined {
  if (!text.startsWith("{") || !text.endsWith("}")) return undefined;
  const body = text.slice(1, -1);
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(body)) return undefined;
  const payload = Buffer.from(body, "base64");
  if (payload.length < 9 || payload[0] !== PAYLOAD_V1) return undefined;
  const ivLength = payload.readInt32BE(1);
  const dataLength = payload.readInt32BE(5);
  if (ivLength !== IV_BYTES || dataLength < 0 || payload.length !== 9 + ivLength + dataLength) return undefined;
  try {
    const decipher = createDecipheriv("aes-128-cbc", key, payload.subarray(9, 9 + ivLength));
    return Buffer.concat([decipher.update(payload.subarray(9 + ivLength)), decipher.final()]).toString("utf8");
  } catch {
    return undefined;
  }
}
