import { fullFormats } from 'ajv-formats/dist/formats';
import * as fc from 'fast-check';
import { Webhook as Verifier } from 'standardwebhooks';
import {
  eventTypesProblems,
  newWebhookSecret,
  signatureHeader,
  signingSecrets,
  storedUrl,
  subscribes,
  urlProblems,
  webhookProblems,
} from './webhook-rules';

/** The `format: uri` check of OpenAPI validators (ajv-formats' full mode, as Prism runs it). */
const isUri = fullFormats.uri as (value: string) => boolean;

describe('webhook rules', () => {
  it('matches exact types, family prefixes and *', () => {
    expect(subscribes(['device.up'], 'device.up')).toBe(true);
    expect(subscribes(['device.up'], 'device.down')).toBe(false);
    expect(subscribes(['device.*'], 'device.config_failed')).toBe(true);
    expect(subscribes(['device.*'], 'upgrade.done')).toBe(false);
    expect(subscribes(['*'], 'alert.opened')).toBe(true);
  });

  it('names unknown event types and refuses an empty list', () => {
    expect(eventTypesProblems(['device.*', 'upgrade.done', '*'])).toEqual([]);
    expect(eventTypesProblems([])).toEqual(['event_types must be a non-empty list of event types']);
    expect(eventTypesProblems('device.up')).toEqual([
      'event_types must be a non-empty list of event types',
    ]);
    expect(eventTypesProblems(['device.up', 'device.exploded', 'nope.*', 3])).toEqual([
      'event_types has unknown event types: device.exploded, nope.*, 3',
    ]);
  });

  it('takes http and https URLs of at most 2,048 characters without user info', () => {
    expect(urlProblems('https://hooks.example.com/airfleet?x=1')).toEqual([]);
    expect(urlProblems('http://10.0.0.1:8080/')).toEqual([]);
    expect(urlProblems('ftp://example.com/')).toEqual(['url must be an http or https URL']);
    expect(urlProblems('not a url')).toEqual(['url must be an http or https URL']);
    expect(urlProblems(42)).toEqual(['url must be an http or https URL']);
    expect(urlProblems('https://user:pw@example.com/')).toEqual(['url must not include user info']);
    expect(urlProblems(`https://example.com/${'a'.repeat(2030)}`)).toEqual([
      'url must be at most 2048 characters',
    ]);
  });

  it.each([
    'http://@example.com/a',
    'http://:@example.com/a',
    'http://u@example.com/a',
    'http://:p@example.com/a',
    'HTTP://@example.com',
    'http:@example.com/a',
    'http:\\\\@example.com/a',
    ' http://@example.com/a ',
    'http://\t@example.com/a',
    'http://a@b@example.com/a',
  ])('refuses the user info of %j, even empty', (url) => {
    expect(urlProblems(url)).toEqual(['url must not include user info']);
  });

  it('lets an @ through where it is no user info', () => {
    expect(urlProblems('http://example.com/@a?b=@c#@d')).toEqual([]);
    expect(urlProblems('http://example.com\\@evil.example/')).toEqual([]); // a path, to WHATWG
    expect(storedUrl('http://example.com\\@evil.example/')).toBe(
      'http://example.com/@evil.example/',
    );
  });

  it('refuses a host name with characters no URI host holds', () => {
    for (const url of ['http://a{b}.example/', 'http://a"b.example/', 'http://a`b.example/']) {
      expect([url, urlProblems(url)]).toEqual([url, ['url must have a valid host name']]);
    }
  });

  it.each([
    ['HTTPS://Hooks.Example.COM:443/a/./b/../c', 'https://hooks.example.com/a/c'],
    ['http://example.com', 'http://example.com/'],
    ['http://example.com:8080/a?', 'http://example.com:8080/a?'],
    ['http://example.com/a#', 'http://example.com/a#'],
    ['http://bücher.example/ü?ü=ü#ü', 'http://xn--bcher-kva.example/%C3%BC?%C3%BC=%C3%BC#%C3%BC'],
    [
      'http://example.com/a b"c<d>e`f{g}h|i^j[k]l',
      'http://example.com/a%20b%22c%3Cd%3Ee%60f%7Bg%7Dh%7Ci%5Ej%5Bk%5Dl',
    ],
    [
      'http://example.com/?q={x}|^`[]\\"<>\'',
      'http://example.com/?q=%7Bx%7D%7C%5E%60%5B%5D%5C%22%3C%3E%27',
    ],
    [
      'http://example.com/#{f}|^`[]\\"<># x',
      'http://example.com/#%7Bf%7D%7C%5E%60%5B%5D%5C%22%3C%3E%23%20x',
    ],
    ['http://example.com/%zz?%zz#%zz', 'http://example.com/%25zz?%25zz#%25zz'],
    ['http://example.com/%7b?%7B', 'http://example.com/%7b?%7B'],
    ['http://[::FFFF:127.0.0.1]:80/', 'http://[::ffff:7f00:1]/'],
    ['http://0x7f.1/', 'http://127.0.0.1/'],
  ])('stores %j as %j, a URI', (url, stored) => {
    expect(urlProblems(url)).toEqual([]);
    expect(storedUrl(url)).toBe(stored);
    expect(isUri(stored)).toBe(true);
  });

  it('stores every URL it takes as a URI that parses back to itself', () => {
    // Mostly the characters URLs and URIs disagree on, then any printable ASCII, then any.
    const unit = fc.oneof(
      { weight: 3, arbitrary: fc.constantFrom(...'{}|^`[]\\"<>#%? @:/\'\t'.split('')) },
      { weight: 3, arbitrary: fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 1 }) },
      { weight: 1, arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }) },
    );
    const text = fc.string({ unit, maxLength: 30 });
    const url = fc
      .tuple(
        fc.constantFrom('http', 'https', 'HTTP'),
        fc.webAuthority({ withIPv4: true, withIPv6: true, withPort: true }),
        text,
        fc.option(text),
        fc.option(text),
      )
      .map(
        ([scheme, authority, path, query, fragment]) =>
          `${scheme}://${authority}/${path}${query === null ? '' : `?${query}`}${fragment === null ? '' : `#${fragment}`}`,
      );
    fc.assert(
      fc.property(
        fc.oneof(url, fc.webUrl({ withQueryParameters: true, withFragments: true })),
        (value) => {
          fc.pre(urlProblems(value).length === 0);
          const stored = storedUrl(value);
          expect([stored, isUri(stored)]).toEqual([stored, true]);
          expect(new URL(stored).href).toBe(stored);
          expect(new URL(stored).origin).toBe(new URL(value).origin);
          expect(storedUrl(stored)).toBe(stored);
          expect(urlProblems(stored)).toEqual([]);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('refuses a URL that percent-encoding makes longer than 2,048 characters', () => {
    const url = `https://example.com/${'{'.repeat(1000)}`;
    expect(url.length).toBeLessThanOrEqual(2048);
    expect(urlProblems(url)).toEqual(['url must be at most 2048 characters once percent-encoded']);
  });

  it('signs with each secret that signs now, the new one first, verifiable by the reference', () => {
    const [current, previous] = [newWebhookSecret(), newWebhookSecret()];
    expect(current).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const now = new Date();
    const webhook = {
      secret: current,
      previous_secret: previous,
      previous_secret_until: new Date(now.getTime() + 1000),
    };
    const secrets = signingSecrets(webhook, now);
    expect(secrets).toEqual([current, previous]);
    expect(signingSecrets(webhook, new Date(now.getTime() + 1000))).toEqual([current]);
    const header = signatureHeader(secrets, 'evt_7', now, '{"a":1}');
    expect(header.split(' ')).toHaveLength(2);
    const headers = {
      'webhook-id': 'evt_7',
      'webhook-timestamp': String(Math.floor(now.getTime() / 1000)),
      'webhook-signature': header,
    };
    for (const secret of secrets) {
      expect(new Verifier(secret).verify('{"a":1}', headers)).toEqual({ a: 1 });
    }
  });
});

describe('webhookProblems', () => {
  it('names every bad value at once, each by its field', () => {
    expect(
      webhookProblems({ event_types: [], description: 'd'.repeat(256), enabled: 'yes' }, true),
    ).toEqual([
      'url must be an http or https URL',
      'event_types must be a non-empty list of event types',
      'description must be shorter than or equal to 255 characters',
      'enabled must be a boolean value',
    ]);
  });

  it('requires url and event_types on create only, and takes a null or 255-character description', () => {
    expect(webhookProblems({}, false)).toEqual([]);
    expect(webhookProblems({ description: null, enabled: false }, false)).toEqual([]);
    expect(
      webhookProblems(
        { url: 'https://example.com/', event_types: ['*'], description: 'd'.repeat(255) },
        true,
      ),
    ).toEqual([]);
    expect(webhookProblems({ description: 7 }, false)).toEqual(['description must be a string']);
  });
});
