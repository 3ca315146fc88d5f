import { checkedAddress, RefusedAddressError, refusedRange } from './address-guard';

describe('refusedRange (OPERATIONS 5)', () => {
  it.each([
    ['0.0.0.0', 'unspecified'],
    ['::', 'unspecified'],
    ['224.0.0.1', 'multicast'],
    ['ff02::1', 'multicast'],
    ['255.255.255.255', 'broadcast'],
  ])('always refuses %s (%s)', (address, range) => {
    expect(refusedRange(address, false)).toBe(range);
    expect(refusedRange(address, true)).toBe(range);
  });

  it.each([
    ['127.0.0.1', 'loopback'],
    ['::1', 'loopback'],
    ['10.1.2.3', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['fc00::1', 'uniqueLocal'],
    ['fd12::1', 'uniqueLocal'],
    ['169.254.169.254', 'linkLocal'],
    ['fe80::1', 'linkLocal'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:10.0.0.1', 'private'],
  ])('refuses %s (%s) unless private networks are allowed', (address, range) => {
    expect(refusedRange(address, false)).toBe(range);
    expect(refusedRange(address, true)).toBeNull();
  });

  it.each(['93.184.216.34', '172.32.0.1', '2606:4700::1111', '8.8.8.8'])(
    'lets %s through',
    (address) => {
      expect(refusedRange(address, false)).toBeNull();
    },
  );
});

describe('checkedAddress', () => {
  it('checks an address literal without resolving it', async () => {
    await expect(checkedAddress(new URL('http://[::1]:80/'), true)).resolves.toEqual({
      address: '::1',
      family: 6,
    });
    await expect(checkedAddress(new URL('http://10.0.0.1/'), false)).rejects.toBeInstanceOf(
      RefusedAddressError,
    );
  });

  it('refuses a host name that resolves to a loopback address', async () => {
    await expect(checkedAddress(new URL('http://localhost:9/'), false)).rejects.toThrow(
      /refused address (127\.0\.0\.1|::1) \(loopback\)/,
    );
    await expect(checkedAddress(new URL('http://localhost:9/'), true)).resolves.toMatchObject({
      address: expect.stringMatching(/^(127\.0\.0\.1|::1)$/),
    });
  });
});
