import { Webhook as Verifier } from 'standardwebhooks';
import {
  eventTypesProblems,
  newWebhookSecret,
  signatureHeader,
  signingSecrets,
  subscribes,
  urlProblems,
} from './webhook-rules';

describe('webhook rules (OPERATIONS 5)', () => {
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
