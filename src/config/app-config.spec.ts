import { ConfigurationError, loadAppConfig } from './app-config';

describe('loadAppConfig', () => {
  it('applies the documented defaults', () => {
    expect(loadAppConfig({})).toEqual({
      port: 3000,
      database: { type: 'better-sqlite3', path: './data/airfleet.sqlite' },
      heartbeatTimeoutSeconds: 300,
      rateLimitPerMinute: 600,
      deviceCheckinIntervalSeconds: 60,
      upgradeTimeoutSeconds: 1800,
      eventRetentionDays: 90,
      clientRetentionDays: 30,
      fleetSampleSeconds: 300,
      webhooks: {
        timeoutSeconds: 10,
        retryScheduleSeconds: [5, 300, 1800, 7200, 18000, 36000, 36000],
        allowPrivateNetworks: false,
        dnsServers: [],
      },
      mail: { smtpUrl: undefined, from: 'airfleet@localhost' },
      publicUrl: 'http://localhost:3000',
      webConcurrency: 1,
      redisUrl: undefined,
      logLevel: 'info',
      sessionSecret: expect.stringMatching(/^[\w-]{43}$/),
      trustProxy: false,
      demo: true,
    });
  });

  it('reads the webhook settings', () => {
    expect(
      loadAppConfig({
        WEBHOOK_TIMEOUT_SECONDS: '2',
        WEBHOOK_RETRY_SCHEDULE_SECONDS: '1, 2,3',
        WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true',
      }).webhooks,
    ).toEqual({
      timeoutSeconds: 2,
      retryScheduleSeconds: [1, 2, 3],
      allowPrivateNetworks: true,
      dnsServers: [],
    });
    expect(() => loadAppConfig({ WEBHOOK_RETRY_SCHEDULE_SECONDS: '5,soon' })).toThrow(
      /WEBHOOK_RETRY_SCHEDULE_SECONDS/,
    );
    expect(() => loadAppConfig({ WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'yes' })).toThrow(
      ConfigurationError,
    );
  });

  it("reads WEBHOOK_DNS_SERVERS as a list of addresses with optional ports, the system's when unset", () => {
    expect(
      loadAppConfig({ WEBHOOK_DNS_SERVERS: '1.1.1.1, 10.0.0.53:5353,::1,[2606:4700::1111]:53' })
        .webhooks.dnsServers,
    ).toEqual(['1.1.1.1', '10.0.0.53:5353', '::1', '[2606:4700::1111]:53']);
    for (const bad of ['dns.example.com', '1.1.1.1:0', '1.1.1.1:65536', '[::1]', '1.1.1.1,', 'x']) {
      expect(() => loadAppConfig({ WEBHOOK_DNS_SERVERS: bad })).toThrow(/WEBHOOK_DNS_SERVERS/);
    }
  });

  it('reads the alert e-mail settings, never showing the SMTP password', () => {
    const config = loadAppConfig({
      SMTP_URL: 'smtps://alerts:s3cret@mail.example.com:465',
      ALERT_EMAIL_FROM: 'Airfleet <noc@example.com>',
      PUBLIC_URL: 'https://fleet.example.com/',
    });
    expect(config.mail).toEqual({
      smtpUrl: 'smtps://alerts:s3cret@mail.example.com:465',
      from: 'Airfleet <noc@example.com>',
    });
    expect(config.publicUrl).toBe('https://fleet.example.com');
    expect(loadAppConfig({ PORT: '8080' }).publicUrl).toBe('http://localhost:8080');
    expect(() => loadAppConfig({ SMTP_URL: 'http://alerts:s3cret@mail.example.com' })).toThrow(
      /SMTP_URL="http:\/\/alerts:\[hidden\]@mail.example.com"/,
    );
    expect(() => loadAppConfig({ ALERT_EMAIL_FROM: 'nobody' })).toThrow(/ALERT_EMAIL_FROM/);
    expect(() => loadAppConfig({ PUBLIC_URL: 'ftp://fleet.example.com' })).toThrow(/PUBLIC_URL/);
  });

  it('creates no demo organisation on PostgreSQL unless DEMO=true', () => {
    const url = 'postgres://u@h:5432/db';
    expect(loadAppConfig({ DATABASE_URL: url }).demo).toBe(false);
    expect(loadAppConfig({ DATABASE_URL: url, DEMO: 'true' }).demo).toBe(true);
    expect(loadAppConfig({ DEMO: 'false' }).demo).toBe(false);
  });

  it('reads TRUST_PROXY as a hop count or a list of proxy addresses', () => {
    expect(loadAppConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadAppConfig({ TRUST_PROXY: '10.0.0.1, 10.0.0.0/8' }).trustProxy).toEqual([
      '10.0.0.1',
      '10.0.0.0/8',
    ]);
    expect(() => loadAppConfig({ TRUST_PROXY: 'everyone' })).toThrow(ConfigurationError);
  });

  it('selects PostgreSQL when DATABASE_URL is set', () => {
    expect(loadAppConfig({ DATABASE_URL: 'postgres://u@h:5432/db' }).database).toEqual({
      type: 'postgres',
      url: 'postgres://u@h:5432/db',
      statementCache: 100,
    });
  });

  it('keeps 100 prepared statements a PostgreSQL connection unless DATABASE_STATEMENT_CACHE says otherwise', () => {
    const url = 'postgres://u@h:5432/db';
    const cache = (value?: string) =>
      loadAppConfig({ DATABASE_URL: url, DATABASE_STATEMENT_CACHE: value }).database;
    expect(cache('0')).toMatchObject({ statementCache: 0 });
    expect(cache('250')).toMatchObject({ statementCache: 250 });
    expect(() => cache('-1')).toThrow(/DATABASE_STATEMENT_CACHE/);
    expect(() => cache('many')).toThrow(/DATABASE_STATEMENT_CACHE/);
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

  it('reads WEB_CONCURRENCY from 1', () => {
    expect(loadAppConfig({ WEB_CONCURRENCY: '4' })).toMatchObject({ webConcurrency: 4 });
    expect(() => loadAppConfig({ WEB_CONCURRENCY: '0' })).toThrow(/WEB_CONCURRENCY/);
    expect(() => loadAppConfig({ WEB_CONCURRENCY: 'two' })).toThrow(/WEB_CONCURRENCY/);
  });
});
