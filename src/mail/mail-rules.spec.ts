import { failureText, sendOutcome, smtpPassword } from './mail-rules';

describe('sendOutcome', () => {
  const next = new Date('2030-01-01T00:00:05.000Z');

  it('marks a message sent', () => {
    expect(sendOutcome({ state: 'done' }, null)).toEqual({
      state: 'sent',
      error: null,
      next: null,
    });
  });

  it('keeps a failed message pending until its retry, then failed once the schedule is exhausted', () => {
    expect(sendOutcome({ state: 'retry', next }, 'refused')).toEqual({
      state: 'pending',
      error: 'refused',
      next,
    });
    expect(sendOutcome({ state: 'failed' }, 'refused')).toEqual({
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
