import { ConfigurationError, loadAppConfig } from './app-config';

describe('loadAppConfig', () => {
  it('applies the defaults of CONTRACT 1', () => {
    expect(loadAppConfig({})).toEqual({
      port: 3000,
      database: { type: 'better-sqlite3', path: './data/airfleet.sqlite' },
      heartbeatTimeoutSeconds: 300,
      rateLimitPerMinute: 600,
      redisUrl: undefined,
      logLevel: 'info',
      sessionSecret: expect.stringMatching(/^[\w-]{43}$/),
    });
  });

  it('selects PostgreSQL when DATABASE_URL is set', () => {
    expect(loadAppConfig({ DATABASE_URL: 'postgres://u@h:5432/db' }).database).toEqual({
      type: 'postgres',
      url: 'postgres://u@h:5432/db',
    });
  });

  it('names every bad variable', () => {
    expect(() =>
      loadAppConfig({ PORT: 'abc', HEARTBEAT_TIMEOUT_SECONDS: '0', LOG_LEVEL: 'loud' }),
    ).toThrow(ConfigurationError);
    try {
      loadAppConfig({ PORT: 'abc', HEARTBEAT_TIMEOUT_SECONDS: '0', LOG_LEVEL: 'loud' });
    } catch (error) {
      const message = (error as Error).message;
      expect(message).toContain('PORT="abc"');
      expect(message).toContain('HEARTBEAT_TIMEOUT_SECONDS');
      expect(message).toContain('LOG_LEVEL');
    }
  });

  it('takes SESSION_SECRET when it has at least 32 characters', () => {
    expect(loadAppConfig({ SESSION_SECRET: 's'.repeat(32) }).sessionSecret).toBe('s'.repeat(32));
    expect(() => loadAppConfig({ SESSION_SECRET: 'short' })).toThrow(/SESSION_SECRET/);
  });

  it('rejects a DATABASE_URL that is not PostgreSQL', () => {
    expect(() => loadAppConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
  });
});
