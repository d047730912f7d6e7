import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

// Argon2id (the library's default algorithm) with OWASP's minimum: 19 MiB, 2 passes.
const options = { memoryCost: 19456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, options);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** Compared against when the account does not exist, so that timing does not tell. */
export const DUMMY_PASSWORD_HASH = await hashPassword('not-a-real-password');

/** A first or reset password to hand over: 12 characters of 72 random bits, to be changed after signing in. */
export function generatedPassword(): string {
  return randomBytes(9).toString('base64url');
}
