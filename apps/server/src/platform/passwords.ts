import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import { hasEveryCharacterKind } from '@receta/domain';

// OWASP's argon2id recommendation: 19 MiB of memory, two passes, one lane. The algorithm is
// given by number (2 = Argon2id) because the package's enum is a const enum.
const options = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/** Hashes a password or a PIN with argon2id; the result carries its own salt and parameters. */
export function hashSecret(secret: string): Promise<string> {
  return hash(secret, options);
}

/** Whether `secret` matches `secretHash`; a malformed hash is a mismatch, never an error. */
export async function verifySecret(secretHash: string, secret: string): Promise<boolean> {
  try {
    return await verify(secretHash, secret);
  } catch {
    return false;
  }
}

/**
 * A random password of 16 characters that follows the rule of every new password (decision
 * 041); base64url gives the symbols (- and _) often enough that a few draws suffice.
 */
export function generatePassword(): string {
  for (;;) {
    const password = randomBytes(12).toString('base64url');
    if (hasEveryCharacterKind(password)) return password;
  }
}
