import { commandFields, shownState } from './command-rules';

describe('commandFields: the fields of a remote command', () => {
  it('fills the defaults of each type into params', () => {
    expect(commandFields({ type: 'reboot' })).toEqual({
      type: 'reboot',
      params: {},
      expiresInSeconds: 3600,
    });
    expect(commandFields({ type: 'locate' })).toMatchObject({ params: { duration_seconds: 60 } });
    expect(
      commandFields({ type: 'ping', params: { host: '2001:db8::1' }, expires_in_seconds: 10 }),
    ).toEqual({
      type: 'ping',
      params: { host: '2001:db8::1', count: 4 },
      expiresInSeconds: 10,
    });
  });

  it('names every bad value', () => {
    expect(
      commandFields({ type: 'reboot', params: { force: true }, expires_in_seconds: 604801 }),
    ).toEqual({
      problems: [
        'command.params has unknown fields for reboot: force',
        'command.expires_in_seconds must be an integer from 10 to 604800',
      ],
    });
    expect(commandFields({ type: 'ping', params: { host: 'a'.repeat(254) } })).toEqual({
      problems: [
        'command.params.host must be a host name or an IP address of at most 253 characters',
      ],
    });
  });
});

describe('shownState', () => {
  const at = new Date('2026-11-27T10:00:00Z');
  it('shows an open command past its expiry as expired, and a closed one as it is', () => {
    expect(shownState({ state: 'sent', expires_at: at }, at)).toBe('expired');
    expect(shownState({ state: 'queued', expires_at: at }, new Date(at.getTime() - 1))).toBe(
      'queued',
    );
    expect(shownState({ state: 'succeeded', expires_at: at }, new Date(at.getTime() + 1))).toBe(
      'succeeded',
    );
  });
});
