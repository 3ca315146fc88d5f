import { QueryFailedError } from 'typeorm';
import { redactUrl, serializeError, serializeResponse } from './log-serializers';

describe('log serializers', () => {
  it.each([
    ['/v1/x?access_token=af_secret', '/v1/x?access_token=[redacted]'],
    [
      '/v1/x?page=2&access_token=af_secret&per_page=5',
      '/v1/x?page=2&access_token=[redacted]&per_page=5',
    ],
    ['/v1/x?ACCESS%5Ftoken=af_secret', '/v1/x?ACCESS%5Ftoken=[redacted]'],
    ['/login?next=%2Fupgrades', '/login?next=%2Fupgrades'],
    ['/v1/x', '/v1/x'],
  ])('logs %s as %s', (url, logged) => {
    expect(redactUrl(url)).toBe(logged);
  });

  it('logs a failed statement with its code and table, never its parameters, SQL or detail', () => {
    const driverError = Object.assign(
      new Error('invalid input syntax for type integer: "wpa-secret"'),
      {
        code: '22P02',
        table: 'network_ssids',
        detail: 'Key (wpa_key)=(wpa-secret) already exists.',
      },
    );
    const error = new QueryFailedError('INSERT INTO t VALUES ($1)', ['wpa-secret'], driverError);
    const serialized = serializeError(error);
    expect(serialized).toEqual({
      type: 'QueryFailedError',
      message: 'invalid input syntax for type integer: "…"',
      stack: expect.stringMatching(
        /^QueryFailedError: invalid input syntax for type integer: "…"\n/,
      ),
      code: '22P02',
      table: 'network_ssids',
    });
    expect(JSON.stringify(serialized)).not.toContain('wpa-secret');
  });

  it('logs no set-cookie header of a reply', () => {
    const res = {
      statusCode: 303,
      getHeaders: () => ({ 'set-cookie': ['airfleet_session=abc'], 'content-length': '0' }),
    };
    expect(serializeResponse(res as never)).toEqual({
      statusCode: 303,
      headers: { 'content-length': '0' },
    });
  });
});
