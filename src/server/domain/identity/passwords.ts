/** Passwords: argon2id hashes, and the spec's strength rule (8+, lower, upper, digit, one of !@#$%^&*). */
import { hash, verify } from "@node-rs/argon2";

export const passwordRule = /^(?=.*[a-z])(?=.*[A-Z])(?=.*\d)(?=.*[!@#$%^&*]).{8,}$/;
export const passwordRuleMessage = "must have at least 8 characters, with a lowercase and an uppercase letter, a digit and one of ! @ # $ % ^ & *";

const ARGON2ID = 2;

export function hashPassword(password: string): Promise<string> {
  return hash(password, { algorithm: ARGON2ID });
}

// verifying against a fixed hash keeps the timing of unknown e-mails like that of known ones
let decoy: Promise<string> | undefined;

export async function verifyPassword(passwordHash: string | null | undefined, password: string): Promise<boolean> {
  if (!passwordHash) {
    await verify(await (decoy ??= hashPassword("decoy-Password1!")), password).catch(() => false);
    return false;
  }
  return verify(passwordHash, password).catch(() => false);
}
