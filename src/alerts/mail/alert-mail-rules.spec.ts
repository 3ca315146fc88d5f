import { failureText, sendOutcome, smtpPassword } from './alert-mail-rules';

describe('sendOutcome', () => {
  const now = new Date('2030-01-01T00:00:00.000Z');

  it('marks a message sent', () => {
    expect(sendOutcome(1, null, [5, 300], now)).toEqual({ state: 'sent', error: null, next: null });
  });

  it('schedules each retry after the webhook schedule’s delay, then gives up', () => {
    expect(sendOutcome(1, 'refused', [5, 300], now)).toEqual({
      state: 'pending',
      error: 'refused',
      next: new Date('2030-01-01T00:00:05.000Z'),
    });
    expect(sendOutcome(2, 'refused', [5, 300], now).next).toEqual(
      new Date('2030-01-01T00:05:00.000Z'),
    );
    expect(sendOutcome(3, 'refused', [5, 300], now)).toEqual({
      state: 'failed',
      error: 'refused',
      next: null,
    });
  });
});

describe('failureText', () => {
  it('keeps the code and the SMTP reply without any address or the password', () => {
    const error = Object.assign(
      new Error(
        "Can't send mail - all recipients were rejected: 550 5.1.1 <noc@example.com>: " +
          'no such user (auth alerts:p%40ss, p@ss, ops@example.org)',
      ),
      { code: 'EENVELOPE', responseCode: 550 },
    );
    const text = failureText(error, { password: 'p%40ss' });
    expect(text).toBe(
      "EENVELOPE: Can't send mail - all recipients were rejected: 550 5.1.1 <[address]>: " +
        'no such user (auth alerts:[hidden], [hidden], [address])',
    );
  });

  it('says what any thrown value was, at most 255 characters', () => {
    expect(failureText('boom', {})).toBe('boom');
    expect(failureText(new Error('x'.repeat(400)), {})).toHaveLength(255);
    expect(
      failureText(Object.assign(new Error('ECONNREFUSED 127.0.0.1:25'), { code: 'ESOCKET' }), {}),
    ).toBe('ESOCKET: ECONNREFUSED 127.0.0.1:25');
  });
});

describe('smtpPassword', () => {
  it('reads the password of an SMTP_URL as written', () => {
    expect(smtpPassword('smtp://alerts:p%40ss@mail.example.com:587')).toBe('p%40ss');
    expect(smtpPassword('smtps://mail.example.com')).toBeUndefined();
  });
});
