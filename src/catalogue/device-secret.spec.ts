import { DEVICE_SECRET_PATTERN, deviceSecretMatches, hashDeviceSecret } from './device-secret';

describe('device secrets: 16 to 128 printable ASCII characters', () => {
  it.each([
    ['16 printable characters', 'a'.repeat(16), true],
    ['128 characters', '~'.repeat(128), true],
    ['colons and symbols', '!:#$%&()*+,-./:;<=>?@[]^_`{|}~', true],
    ['15 characters', 'a'.repeat(15), false],
    ['129 characters', 'a'.repeat(129), false],
    ['a space', `${'a'.repeat(16)} b`, false],
    ['a non-ASCII character', `${'a'.repeat(16)}é`, false],
    ['a control character', `${'a'.repeat(16)}\t`, false],
  ])('%s: %s', (_case, secret, valid) => {
    expect(DEVICE_SECRET_PATTERN.test(secret)).toBe(valid);
  });

  it('stores SHA-256 hex and matches only the same secret', () => {
    const hash = hashDeviceSecret('factory-secret-0001');
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(deviceSecretMatches('factory-secret-0001', hash)).toBe(true);
    expect(deviceSecretMatches('factory-secret-0002', hash)).toBe(false);
    expect(deviceSecretMatches('factory-secret-0001', 'abcd')).toBe(false);
  });
});
