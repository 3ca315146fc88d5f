import { createHash } from 'node:crypto';
import { hashToken, newTokenSecret } from './token-secret';

describe('token secrets', () => {
  it('are random, at least 32 bytes, and URL-safe', () => {
    const a = newTokenSecret();
    const b = newTokenSecret();
    expect(a).not.toEqual(b);
    expect(a).toMatch(/^af_[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(a.slice(3), 'base64url')).toHaveLength(32);
  });

  it('are stored as their SHA-256 hex digest', () => {
    expect(hashToken('secret')).toBe(createHash('sha256').update('secret').digest('hex'));
    expect(hashToken('secret')).toHaveLength(64);
  });
});
