import { createHash, randomBytes } from 'node:crypto';

/** A new random token: 32 bytes, URL-safe base64, prefixed so it is recognisable in logs. */
export function newTokenSecret(): string {
  return `af_${randomBytes(32).toString('base64url')}`;
}

/** The SHA-256 hash under which a token is stored and looked up. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}
