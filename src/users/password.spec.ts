import { randomBytes, scryptSync } from 'node:crypto';
import { hashPassword, needsRehash, verifyPassword } from './password';

/** A hash of the first format: `scrypt$salt$hash`, Node's default parameters (N = 2^14). */
function legacyHash(password: string): string {
  const salt = randomBytes(16);
  return `scrypt$${salt.toString('base64')}$${scryptSync(password, salt, 64).toString('base64')}`;
}

/** A hash in the current format with other parameters than the current ones. */
function hashWith(password: string, ln: number, r: number, p: number): string {
  const salt = randomBytes(16);
  const hash = scryptSync(password, salt, 64, { N: 2 ** ln, r, p });
  return `$scrypt$ln=${ln},r=${r},p=${p}$${salt.toString('base64')}$${hash.toString('base64')}`;
}

describe('password hashes', () => {
  it('hashes with N = 2^17, r = 8, p = 1 stored in the hash, and verifies only the right password', async () => {
    const stored = await hashPassword('correct horse');
    expect(stored).toMatch(/^\$scrypt\$ln=17,r=8,p=1\$[A-Za-z0-9+/]{22}==\$[A-Za-z0-9+/]{86}==$/);
    expect(needsRehash(stored)).toBe(false);
    expect(await verifyPassword('correct horse', stored)).toBe(true);
    expect(await verifyPassword('correct hors', stored)).toBe(false);
  });

  it('verifies a hash of the first format and says it needs rehashing', async () => {
    const stored = legacyHash('old password');
    expect(await verifyPassword('old password', stored)).toBe(true);
    expect(await verifyPassword('other password', stored)).toBe(false);
    expect(needsRehash(stored)).toBe(true);
  });

  it('reads the parameters from the hash, and rehashes weaker ones', async () => {
    const stored = hashWith('pw', 12, 4, 1);
    expect(await verifyPassword('pw', stored)).toBe(true);
    expect(needsRehash(stored)).toBe(true);
    expect(await verifyPassword('pw', stored.replace('ln=12', 'ln=13'))).toBe(false);
  });

  it.each([
    ['no hash', null],
    ['an empty string', ''],
    ['an unknown scheme', '$argon2id$v=19$m=65536,t=3,p=4$c2FsdHNhbHQ$aGFzaGhhc2g'],
    ['a missing part', '$scrypt$ln=17,r=8,p=1$c2FsdHNhbHRzYWx0'],
    ['malformed parameters', '$scrypt$N=131072,r=8,p=1$c2FsdHNhbHRzYWx0$aGFzaGhhc2hoYXNoaGFzaA=='],
    ['a cost above the limit', '$scrypt$ln=24,r=8,p=1$c2FsdHNhbHRzYWx0$aGFzaGhhc2hoYXNoaGFzaA=='],
    ['memory above the limit', '$scrypt$ln=20,r=32,p=1$c2FsdHNhbHRzYWx0$aGFzaGhhc2hoYXNoaGFzaA=='],
  ])('refuses %s without hashing, and wants it rehashed', async (_case, stored) => {
    expect(await verifyPassword('pw', stored)).toBe(false);
    expect(needsRehash(stored)).toBe(true);
  });
});
