import { createHash, timingSafeEqual } from 'node:crypto';

/** A factory secret is 16 to 128 printable ASCII characters (0x21 to 0x7E). */
export const DEVICE_SECRET_PATTERN = /^[\x21-\x7E]{16,128}$/;

/**
 * The stored form of a factory secret: SHA-256, hex. A fast hash is right here: the secret is a
 * random factory value, not a password a person chose, so a slow hash would only slow every
 * check-in, and checking a secret must stay cheap.
 */
export function hashDeviceSecret(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex');
}

/** Whether `secret` hashes to `storedHash`, in constant time. */
export function deviceSecretMatches(secret: string, storedHash: string): boolean {
  const presented = Buffer.from(hashDeviceSecret(secret), 'hex');
  const stored = Buffer.from(storedHash, 'hex');
  return presented.length === stored.length && timingSafeEqual(presented, stored);
}
