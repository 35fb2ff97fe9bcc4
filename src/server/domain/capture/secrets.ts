/**
 * Secrets kept encrypted at rest (an IMAP mailbox's password): AES-256-GCM with a key from
 * CAPTURE_SECRET_KEY (any passphrase; its SHA-256 is the key), or, on the embedded database with no
 * such variable, a random key kept in the data directory beside it (zero set-up). A stored value
 * reads `v1:<iv>:<tag>:<ciphertext>` (base64); the key never reaches the database.
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { config } from "../../config.js";

export class NoSecretKey extends Error {}

function key(): Buffer {
  const passphrase = process.env.CAPTURE_SECRET_KEY;
  if (passphrase) return createHash("sha256").update(passphrase).digest();
  if (config.databaseUrl) throw new NoSecretKey("This server has no CAPTURE_SECRET_KEY, so it cannot keep a mailbox password.");
  const file = path.join(config.dataDir, "capture-secret.key");
  if (!existsSync(file)) {
    mkdirSync(config.dataDir, { recursive: true });
    writeFileSync(file, randomBytes(32).toString("base64"), { mode: 0o600, flag: "wx" });
  }
  return Buffer.from(readFileSync(file, "utf8").trim(), "base64");
}

export function encryptSecret(plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key(), iv);
  const data = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return ["v1", iv.toString("base64"), cipher.getAuthTag().toString("base64"), data.toString("base64")].join(":");
}

export function decryptSecret(stored: string): string {
  const [version, iv, tag, data] = stored.split(":");
  if (version !== "v1" || !iv || !tag || data === undefined) throw new Error("not an encrypted secret");
  const decipher = createDecipheriv("aes-256-gcm", key(), Buffer.from(iv, "base64"));
  decipher.setAuthTag(Buffer.from(tag, "base64"));
  return Buffer.concat([decipher.update(Buffer.from(data, "base64")), decipher.final()]).toString("utf8");
}

export const isEncrypted = (value: unknown): boolean => typeof value === "string" && value.startsWith("v1:");
