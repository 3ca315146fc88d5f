import * as fc from 'fast-check';
import * as ipaddr from 'ipaddr.js';
import {
  AddressKind,
  addressKind,
  checkedAddress,
  isLocalhostName,
  isRefused,
  RefusedAddressError,
  ResolveHost,
} from './address-guard';

/**
 * Every special-purpose range of the IANA IPv4 and IPv6 registries, by its first and last
 * address (and the addresses just outside where a neighbour is global), with the kind it is.
 */
const KINDS: [string, AddressKind][] = [
  // IPv4
  ['0.0.0.0', 'unspecified'],
  ['0.255.255.255', 'unspecified'],
  ['10.0.0.0', 'private'],
  ['10.255.255.255', 'private'],
  ['9.255.255.255', 'global'],
  ['11.0.0.0', 'global'],
  ['100.64.0.0', 'shared address space'],
  ['100.100.100.200', 'shared address space'],
  ['100.127.255.255', 'shared address space'],
  ['100.63.255.255', 'global'],
  ['100.128.0.0', 'global'],
  ['127.0.0.0', 'loopback'],
  ['127.0.0.1', 'loopback'],
  ['127.255.255.255', 'loopback'],
  ['126.255.255.255', 'global'],
  ['128.0.0.0', 'global'],
  ['169.254.0.0', 'link-local'],
  ['169.254.169.254', 'link-local'],
  ['169.254.255.255', 'link-local'],
  ['169.253.255.255', 'global'],
  ['169.255.0.0', 'global'],
  ['172.16.0.0', 'private'],
  ['172.31.255.255', 'private'],
  ['172.15.255.255', 'global'],
  ['172.32.0.0', 'global'],
  ['192.0.0.0', 'reserved'],
  ['192.0.0.8', 'reserved'],
  ['192.0.0.9', 'reserved'],
  ['192.0.0.170', 'reserved'],
  ['192.0.0.255', 'reserved'],
  ['192.0.1.0', 'global'],
  ['192.0.2.0', 'documentation'],
  ['192.0.2.255', 'documentation'],
  ['192.0.3.0', 'global'],
  ['192.31.196.1', 'global'], // AS112
  ['192.52.193.1', 'global'], // AMT
  ['192.88.99.0', 'reserved'], // 6to4 relay anycast
  ['192.88.99.255', 'reserved'],
  ['192.168.0.0', 'private'],
  ['192.168.255.255', 'private'],
  ['192.167.255.255', 'global'],
  ['192.169.0.0', 'global'],
  ['192.175.48.1', 'global'], // AS112
  ['198.18.0.0', 'benchmarking'],
  ['198.19.255.255', 'benchmarking'],
  ['198.17.255.255', 'global'],
  ['198.20.0.0', 'global'],
  ['198.51.100.0', 'documentation'],
  ['198.51.100.255', 'documentation'],
  ['203.0.113.0', 'documentation'],
  ['203.0.113.255', 'documentation'],
  ['223.255.255.255', 'global'],
  ['224.0.0.0', 'multicast'],
  ['239.255.255.255', 'multicast'],
  ['240.0.0.0', 'reserved'],
  ['255.255.255.254', 'reserved'],
  ['255.255.255.255', 'broadcast'],
  ['1.1.1.1', 'global'],
  ['93.184.216.34', 'global'],
  // IPv6
  ['::', 'unspecified'],
  ['::1', 'loopback'],
  ['::2', 'reserved'],
  ['::7f00:1', 'reserved'], // IPv4-compatible 127.0.0.1
  ['::127.0.0.1', 'reserved'], // the same, as resolvers print it
  ['::808:808', 'reserved'], // IPv4-compatible 8.8.8.8: deprecated whatever it embeds
  ['::ffff:127.0.0.1', 'loopback'], // IPv4-mapped
  ['::ffff:7f00:1', 'loopback'],
  ['0:0:0:0:0:FFFF:7F00:0001', 'loopback'],
  ['0000:0000:0000:0000:0000:ffff:127.0.0.1', 'loopback'],
  ['::ffff:10.0.0.1', 'private'],
  ['::ffff:100.64.0.1', 'shared address space'],
  ['::ffff:169.254.169.254', 'link-local'],
  ['::ffff:0.0.0.0', 'unspecified'],
  ['::ffff:255.255.255.255', 'broadcast'],
  ['::ffff:8.8.8.8', 'global'],
  ['::ffff:0:7f00:1', 'loopback'], // IPv4-translated
  ['::ffff:0:127.0.0.1', 'loopback'],
  ['::ffff:0:808:808', 'global'],
  ['64:ff9b::7f00:1', 'loopback'], // NAT64, well-known prefix
  ['64:ff9b::a00:1', 'private'],
  ['64:ff9b::6440:1', 'shared address space'],
  ['64:ff9b::', 'unspecified'],
  ['64:ff9b::808:808', 'global'],
  ['64:ff9b::1:808:808', 'reserved'], // beside the /96: no prefix of anything
  ['64:ff9b:1::7f00:1', 'loopback'], // NAT64, local-use prefix in its /96 form
  ['64:ff9b:1::808:808', 'global'],
  ['64:ff9b:1:1::808:808', 'reserved'], // another layout of the local-use prefix
  ['64:ff9b:1:ffff:ffff:ffff:ffff:ffff', 'reserved'],
  ['100::', 'discard-only'],
  ['100::ffff:ffff:ffff:ffff', 'discard-only'],
  ['100:0:0:1::', 'reserved'],
  ['1fff:ffff:ffff:ffff:ffff:ffff:ffff:ffff', 'reserved'],
  ['2000::', 'global'],
  ['2001::', 'unspecified'], // Teredo: server 0.0.0.0, client 255.255.255.255 inverted
  ['2001:0:808:808::fefe:fefe', 'global'], // Teredo: server 8.8.8.8, client 1.1.1.1
  ['2001:0:808:808::80ff:fffe', 'loopback'], // client 127.0.0.1
  ['2001:0:a00:1::fefe:fefe', 'private'], // server 10.0.0.1
  ['2001:0:4136:e378:8000:63bf:3fff:fdd2', 'documentation'], // RFC 4380's example, 192.0.2.45
  ['2001:1::1', 'reserved'], // PCP anycast: IETF protocol assignments
  ['2001:1::2', 'reserved'],
  ['2001:2::', 'benchmarking'],
  ['2001:2:0:ffff:ffff:ffff:ffff:ffff', 'benchmarking'],
  ['2001:3::1', 'global'], // AMT
  ['2001:4:112::1', 'global'], // AS112
  ['2001:10::1', 'ORCHID'],
  ['2001:1f:ffff:ffff:ffff:ffff:ffff:ffff', 'ORCHID'],
  ['2001:20::1', 'ORCHID'],
  ['2001:2f:ffff:ffff:ffff:ffff:ffff:ffff', 'ORCHID'],
  ['2001:30::1', 'ORCHID'], // drone entity tags
  ['2001:1ff:ffff:ffff:ffff:ffff:ffff:ffff', 'reserved'],
  ['2001:200::', 'global'],
  ['2001:db8::', 'documentation'],
  ['2001:db8:ffff:ffff:ffff:ffff:ffff:ffff', 'documentation'],
  ['2002:7f00:1::', 'loopback'], // 6to4 of 127.0.0.1
  ['2002:a00:1::1', 'private'],
  ['2002:6440:1::', 'shared address space'],
  ['2002:c058:6301::', 'reserved'], // 192.88.99.1
  ['2002:808:808::1', 'global'],
  ['2606:4700::1111', 'global'],
  ['2620:4f:8000::1', 'global'], // AS112
  ['3fff::', 'documentation'],
  ['3fff:fff:ffff:ffff:ffff:ffff:ffff:ffff', 'documentation'],
  ['3fff:1000::', 'global'],
  ['3fff:ffff:ffff:ffff:ffff:ffff:ffff:ffff', 'global'],
  ['4000::1', 'reserved'],
  ['5f00::1', 'reserved'], // segment routing
  ['e000::1', 'reserved'],
  ['fc00::', 'private'],
  ['fd12::1', 'private'],
  ['fdff:ffff:ffff:ffff:ffff:ffff:ffff:ffff', 'private'],
  ['fe80::', 'link-local'],
  ['febf:ffff:ffff:ffff:ffff:ffff:ffff:ffff', 'link-local'],
  ['fec0::', 'site-local'],
  ['feff:ffff:ffff:ffff:ffff:ffff:ffff:ffff', 'site-local'],
  ['ff00::', 'multicast'],
  ['ff02::1', 'multicast'],
  ['ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff', 'multicast'],
];

describe('addressKind', () => {
  it.each(KINDS)('%s is %s', (address, kind) => {
    expect(addressKind(address)).toBe(kind);
  });
});

describe('isRefused', () => {
  const kinds = [...new Set(KINDS.map(([, kind]) => kind))];
  const opened = ['loopback', 'private', 'link-local'];

  it('lets every global address through, refuses every other by default', () => {
    for (const kind of kinds) {
      expect([kind, isRefused(kind, false)]).toEqual([kind, kind !== 'global']);
    }
  });

  it('lets loopback, private and link-local through when private networks are allowed, and no other kind', () => {
    for (const kind of kinds) {
      expect([kind, isRefused(kind, true)]).toEqual([
        kind,
        kind !== 'global' && !opened.includes(kind),
      ]);
    }
  });
});

describe('IPv4 addresses embedded in IPv6 addresses', () => {
  const v4 = fc
    .tuple(fc.nat(255), fc.nat(255), fc.nat(255), fc.nat(255))
    .map((octets) => new ipaddr.IPv4(octets));
  /** Likely special addresses too, not only the rare ones a uniform draw meets. */
  const anyV4 = fc.oneof(
    v4,
    fc.constantFrom(...KINDS.filter(([a]) => !a.includes(':')).map(([a]) => ipaddr.IPv4.parse(a))),
  );
  const hex = (ip: ipaddr.IPv4, invert = 0) => {
    const [a, b, c, d] = ip.octets;
    return [((a << 8) | b) ^ invert, ((c << 8) | d) ^ invert].map((n) => n.toString(16));
  };

  it('judges mapped, translated, NAT64 and 6to4 addresses as the IPv4 address they carry', () => {
    fc.assert(
      fc.property(anyV4, fc.nat(0xffff), (ip, subnet) => {
        const kind = addressKind(ip.toString());
        const [high, low] = hex(ip);
        for (const embedded of [
          `::ffff:${ip.toString()}`,
          `::ffff:${high}:${low}`,
          `::ffff:0:${ip.toString()}`,
          `64:ff9b::${ip.toString()}`,
          `64:ff9b:1::${high}:${low}`,
          `2002:${high}:${low}:${subnet.toString(16)}::1`,
        ]) {
          expect([embedded, addressKind(embedded)]).toEqual([embedded, kind]);
        }
      }),
    );
  });

  it('judges a Teredo address by the stricter of its server and its client', () => {
    fc.assert(
      fc.property(anyV4, (ip) => {
        const kind = addressKind(ip.toString());
        const [high, low] = hex(ip);
        const [clientHigh, clientLow] = hex(ip, 0xffff);
        expect(addressKind(`2001:0:808:808:0:0:${clientHigh}:${clientLow}`)).toBe(kind);
        expect(addressKind(`2001:0:${high}:${low}:0:0:fefe:fefe`)).toBe(kind);
      }),
    );
  });

  it('refuses every IPv4-compatible address (::a.b.c.d), whatever it carries', () => {
    fc.assert(
      fc.property(anyV4, (ip) => {
        fc.pre(ip.toString() !== '0.0.0.0' && ip.toString() !== '0.0.0.1'); // :: and ::1
        const kind = addressKind(`::${ip.toString()}`);
        expect(isRefused(kind, true)).toBe(true);
      }),
    );
  });
});

describe('isLocalhostName', () => {
  it.each(['localhost', 'localhost.', 'LOCALHOST', 'a.localhost', 'a.b.localhost.'])(
    '%s is a localhost name',
    (name) => {
      expect(isLocalhostName(name)).toBe(true);
    },
  );

  it.each(['mylocalhost', 'localhost.example.com', 'localhost.localdomain', 'example.com'])(
    '%s is not',
    (name) => {
      expect(isLocalhostName(name)).toBe(false);
    },
  );
});

describe('checkedAddress', () => {
  const never: ResolveHost = () => Promise.reject(new Error('resolved a host it should not'));
  const answering =
    (...addresses: string[]): ResolveHost =>
    () =>
      Promise.resolve(
        addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })),
      );
  const refusal = async (promise: Promise<unknown>) => {
    const error = await promise.then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(RefusedAddressError);
    return error as RefusedAddressError;
  };

  it.each([
    ['http://127.0.0.1/', 'loopback'],
    ['http://2130706433/', 'loopback'],
    ['http://0x7f.1/', 'loopback'],
    ['http://0177.0.0.1/', 'loopback'],
    ['http://127.1/', 'loopback'],
    ['http://[::1]/', 'loopback'],
    ['http://[::ffff:127.0.0.1]/', 'loopback'],
    ['http://[0:0:0:0:0:ffff:7f00:1]/', 'loopback'],
    ['http://[::ffff:0:7f00:1]/', 'loopback'],
    ['http://[::ffff:0:127.0.0.1]/', 'loopback'],
    ['http://[64:ff9b::127.0.0.1]/', 'loopback'],
    ['http://[2002:7f00:1::1]/', 'loopback'],
    ['http://[::7f00:1]/', 'reserved'],
    ['http://[::127.0.0.1]/', 'reserved'],
    ['http://100.100.100.200/', 'shared address space'],
    ['http://[::ffff:100.100.100.200]/', 'shared address space'],
    ['http://198.18.0.1/', 'benchmarking'],
    ['http://localhost/', 'loopback'],
    ['http://localhost./', 'loopback'],
    ['http://LocalHost:8080/', 'loopback'],
    ['http://hooks.localhost/', 'loopback'],
  ])('refuses %s by default, naming its kind (%s), without resolving it', async (url, kind) => {
    const refused = await refusal(checkedAddress(new URL(url), false, never));
    expect([refused.kind, refused.shown, refused.message]).toEqual([
      kind,
      true,
      `refused address (${kind})`,
    ]);
  });

  it('lets a loopback literal through when private networks are allowed, as it is', async () => {
    await expect(checkedAddress(new URL('http://[::1]:80/'), true, never)).resolves.toEqual({
      address: '::1',
      family: 6,
    });
    await expect(
      checkedAddress(new URL('http://[::ffff:127.0.0.1]/'), true, never),
    ).resolves.toEqual({ address: '::ffff:7f00:1', family: 6 });
  });

  it('connects a localhost name to 127.0.0.1 when private networks are allowed, whatever DNS says', async () => {
    for (const url of ['http://localhost:9/', 'http://localhost.:9/', 'http://a.localhost/']) {
      await expect(checkedAddress(new URL(url), true, answering('93.184.216.34'))).resolves.toEqual(
        { address: '127.0.0.1', family: 4 },
      );
    }
  });

  it('keeps refusing shared, reserved and IPv4-compatible addresses when private networks are allowed', async () => {
    for (const url of ['http://100.64.0.1/', 'http://[::7f00:1]/', 'http://240.0.0.1/']) {
      await refusal(checkedAddress(new URL(url), true, never));
    }
  });

  it('refuses a host name when any address it resolves to is refused, never saying which', async () => {
    const refused = await refusal(
      checkedAddress(
        new URL('http://hooks.example.com/'),
        false,
        answering('93.184.216.34', '10.0.0.7'),
      ),
    );
    expect([refused.kind, refused.shown, refused.message]).toEqual([
      'private',
      false,
      'refused address',
    ]);
    expect(JSON.stringify(refused)).not.toContain('10.0.0.7');
  });

  it('answers the first address a host name resolves to once all were checked', async () => {
    await expect(
      checkedAddress(
        new URL('https://hooks.example.com/'),
        false,
        answering('93.184.216.34', '2606:4700::1111'),
      ),
    ).resolves.toEqual({ address: '93.184.216.34', family: 4 });
  });

  it('lets what the resolver throws through (the caller says what failed)', async () => {
    const failure = new Error('ENOTFOUND');
    await expect(
      checkedAddress(new URL('https://hooks.example.com/'), false, () => Promise.reject(failure)),
    ).rejects.toBe(failure);
  });
});
