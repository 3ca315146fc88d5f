import { alertMessage, duration, MessageAlert, MessageFacts } from './alert-message';

const alert = (fields: Partial<MessageAlert> = {}): MessageAlert => ({
  id: 17,
  type: 'config_failed',
  device_id: 12,
  device_mac: '0A:00:00:00:00:01',
  device_name: 'lobby-ap',
  network_id: 3,
  network_name: 'HQ',
  opened_at: new Date('2030-01-15T10:00:05.000Z'),
  resolved_at: null,
  data: { revision: '3f2a9c1b4d5e6f7a8b9c', message: 'wpa_key rejected' },
  ...fields,
});

const facts = (fields: Partial<MessageFacts> = {}): MessageFacts => ({
  kind: 'opened',
  alert: alert(),
  rule: { id: 4, name: 'Config failures', for_seconds: 0, threshold: null },
  timeZone: 'Asia/Kolkata',
  publicUrl: 'https://fleet.example.com',
  ...fields,
});

describe('alertMessage: the e-mail of an alert', () => {
  it('names the state, rule, device and network, with the local time and the device page', () => {
    expect(alertMessage(facts())).toEqual({
      subject:
        '[Airfleet] Alert opened: Config failures - lobby-ap (0A:00:00:00:00:01) - network HQ',
      text: [
        'Alert opened: Config failures',
        '',
        'Device:   lobby-ap (0A:00:00:00:00:01)',
        'Network:  HQ',
        'Opened:   2030-01-15 15:30:05 (Asia/Kolkata)',
        '',
        'The device reported a configuration error for revision 3f2a9c1b4d5e: wpa_key rejected',
        '',
        'Device page: https://fleet.example.com/devices/12',
        '',
        'Rule "Config failures" (configuration failed, #4), alert #17.',
        '-- ',
        'Airfleet',
        '',
      ].join('\n'),
    });
  });

  it('tells a resolution with both times and what it means', () => {
    const { subject, text } = alertMessage(
      facts({
        kind: 'resolved',
        alert: alert({ resolved_at: new Date('2030-07-01T08:00:00.000Z') }),
        timeZone: 'Europe/Paris',
      }),
    );
    expect(subject).toBe(
      '[Airfleet] Alert resolved: Config failures - lobby-ap (0A:00:00:00:00:01) - network HQ',
    );
    expect(text).toContain('Opened:   2030-01-15 11:00:05 (Europe/Paris)\n');
    expect(text).toContain('Resolved: 2030-07-01 10:00:00 (Europe/Paris)\n');
    expect(text).toContain(
      'The device runs its current configuration, or its configuration changed.\n',
    );
  });

  it('says when a resolution comes from the rule’s deletion', () => {
    const { text } = alertMessage(
      facts({
        kind: 'resolved',
        ruleDeleted: true,
        alert: alert({ resolved_at: new Date('2030-01-15T11:00:00.000Z') }),
      }),
    );
    expect(text).toContain('Resolved: 2030-01-15 16:30:00 (Asia/Kolkata)\n\n');
    expect(text).toContain('wpa_key rejected\nThe rule was deleted.\n');
    expect(text).not.toContain('current configuration');
  });

  it('says "no network" and UTC for a device in none, and the MAC alone for an unnamed one', () => {
    const { subject, text } = alertMessage(
      facts({
        alert: alert({ device_name: null, network_id: null, network_name: null }),
        timeZone: 'UTC',
      }),
    );
    expect(subject).toBe(
      '[Airfleet] Alert opened: Config failures - 0A:00:00:00:00:01 - no network',
    );
    expect(text).toContain('Device:   0A:00:00:00:00:01\nNetwork:  no network\n');
    expect(text).toContain('Opened:   2030-01-15 10:00:05 (UTC)\n');
  });

  it('names a halted rollout by its id and links to its page', () => {
    const { subject, text } = alertMessage(
      facts({
        alert: alert({
          type: 'rollout_halted',
          device_id: null,
          device_mac: null,
          device_name: null,
          network_id: null,
          network_name: null,
          data: { rollout_id: 9 },
        }),
        rule: { id: 5, name: 'Halts', for_seconds: 0, threshold: null },
        timeZone: 'UTC',
      }),
    );
    expect(subject).toBe('[Airfleet] Alert opened: Halts - Rollout #9 - no network');
    expect(text).toContain('Rollout:  Rollout #9\n');
    expect(text).toContain('Rollout #9 halted.\n');
    expect(text).toContain('Rollout page: https://fleet.example.com/rollouts/9\n');
  });

  it('says each type’s data in words', () => {
    const details = (fields: Partial<MessageAlert>, rule = {}) =>
      alertMessage(
        facts({
          alert: alert(fields),
          rule: { id: 1, name: 'r', for_seconds: 0, threshold: null, ...rule },
          timeZone: 'UTC',
        }),
      ).text;
    expect(
      details(
        { type: 'device_down', data: { down_since: '2030-01-15T09:55:00.000Z' } },
        { for_seconds: 300 },
      ),
    ).toContain('The device has been DOWN since 2030-01-15 09:55:00 (UTC) (the rule waits 5 min).');
    expect(
      details({ type: 'upgrade_failed', data: { upgrade_id: 31, error: 'timed out' } }),
    ).toContain('Upgrade #31 failed: timed out\n');
    expect(details({ type: 'upgrade_failed', data: { upgrade_id: 31, error: null } })).toContain(
      'Upgrade #31 failed.\n',
    );
    expect(
      details({ type: 'clients_above', data: { clients: 52 } }, { threshold: 40, for_seconds: 60 }),
    ).toContain('The device reported 52 clients, more than the threshold of 40 for 1 min.\n');
    expect(details({ data: { message: 'bad', revision: 'r', extra_note: [1] } })).toContain(
      'extra note: [1]\n',
    );
  });

  it('keeps a subject on one line whatever the names hold', () => {
    const { subject } = alertMessage(
      facts({
        rule: { id: 4, name: 'Bad\r\nBcc: x@example.com', for_seconds: 0, threshold: null },
      }),
    );
    expect(subject).not.toMatch(/[\r\n]/);
    expect(subject).toContain('Bad Bcc: x@example.com');
  });
});

describe('duration', () => {
  it('says seconds, minutes and hours', () => {
    expect([45, 60, 90, 300, 3600, 9000].map(duration)).toEqual([
      '45 s',
      '1 min',
      '90 s',
      '5 min',
      '1 h',
      '2 h 30 min',
    ]);
  });
});
