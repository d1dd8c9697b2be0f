import fs from 'node:fs';
import { hash, verify, type Algorithm } from '@node-rs/argon2';

/**
 * Argon2id with the OWASP-recommended minimum (19 MiB, 2 passes, 1 lane); the PHC string
 * stores the salt and parameters, so they can be raised later without breaking old hashes.
 */
const OPTIONS = { algorithm: 2 as Algorithm, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export const hashPassword = (pw: string) => hash(pw.normalize('NFKC'), OPTIONS);

/**
 * `stored` is null for an account that signs in by SMS code only: the time is spent all the
 * same, so a password try does not tell such an account from one with a password.
 */
export async function verifyPassword(stored: string | null, pw: string): Promise<boolean> {
  if (stored === null) {
    await burnVerify(pw);
    return false;
  }
  if (!stored.startsWith('$argon2')) return false;
  try {
    return await verify(stored, pw.normalize('NFKC'));
  } catch {
    return false;
  }
}

let dummy: Promise<string> | null = null;
/** Spends the same time as a real check when the e-mail is unknown (no timing oracle). */
export async function burnVerify(pw: string) {
  dummy ??= hashPassword('not-a-real-account-password');
  await verifyPassword(await dummy, pw);
}

let common: Set<string> | null = null;
function commonPasswords(): Set<string> {
  if (!common) {
    const file = new URL('./common-passwords.txt', import.meta.url);
    common = new Set(
      fs
        .readFileSync(file, 'utf8')
        .split('\n')
        .map((l) => l.trim().toLowerCase())
        .filter((l) => l && !l.startsWith('#')),
    );
  }
  return common;
}

/** ASVS 2.1.7: refused when it is (case-insensitively) one of ~1000 most common passwords. */
export const isCommonPassword = (pw: string) => commonPasswords().has(pw.trim().toLowerCase());
