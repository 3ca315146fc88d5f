import { randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import { plainToInstance, Type } from 'class-transformer';
import {
  IsEmail,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  IsUrl,
  Matches,
  Max,
  Min,
  MinLength,
  ValidateBy,
  validateSync,
} from 'class-validator';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

/** How many prepared statements each PostgreSQL connection keeps unless told otherwise. */
export const DEFAULT_STATEMENT_CACHE_SIZE = 100;

/** The environment variables (docs/operations.md), checked once at boot. */
class EnvironmentVariables {
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(0)
  @Max(65535)
  PORT: number = 3000;

  @IsOptional()
  @IsString()
  @Matches(/^postgres(ql)?:\/\//, { message: 'DATABASE_URL must start with postgres://' })
  DATABASE_URL?: string;

  @IsOptional()
  @IsString()
  DATABASE_PATH: string = './data/airfleet.sqlite';

  /** Prepared statements each PostgreSQL connection keeps (0: none, for PgBouncer's transaction pooling). */
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(0)
  @Max(10000)
  DATABASE_STATEMENT_CACHE: number = DEFAULT_STATEMENT_CACHE_SIZE;

  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  HEARTBEAT_TIMEOUT_SECONDS: number = 300;

  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(0)
  RATE_LIMIT_PER_MINUTE: number = 600;

  /** The interval devices are told to check in at. */
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(86400)
  DEVICE_CHECKIN_INTERVAL_SECONDS: number = 60;

  /** An upgrade in progress whose device has not checked in for this long fails. */
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  UPGRADE_TIMEOUT_SECONDS: number = 1800;

  /** Events, webhook deliveries, alerts and fleet history samples older than this are deleted. */
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(36500)
  EVENT_RETENTION_DAYS: number = 90;

  /** Wi-Fi client sessions that ended longer ago than this are deleted. */
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(36500)
  CLIENT_RETENTION_DAYS: number = 30;

  /** The interval of the fleet history samples. */
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(86400)
  FLEET_SAMPLE_SECONDS: number = 300;

  /** A delivery attempt with no 2xx answer within this fails. */
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(300)
  WEBHOOK_TIMEOUT_SECONDS: number = 10;

  /** The delay before each retry after a failed attempt. */
  @IsOptional()
  @IsString()
  @Matches(/^\s*\d{1,7}(\s*,\s*\d{1,7})*\s*$/, {
    message: 'WEBHOOK_RETRY_SCHEDULE_SECONDS must be a comma list of whole seconds',
  })
  WEBHOOK_RETRY_SCHEDULE_SECONDS: string = '5,300,1800,7200,18000,36000,36000';

  /** Let webhooks reach loopback, private and link-local addresses. */
  @IsOptional()
  @IsIn(['true', 'false'])
  WEBHOOK_ALLOW_PRIVATE_NETWORKS: string = 'false';

  /** The name servers webhook hosts are resolved through; unset: the system's (resolv.conf). */
  @IsOptional()
  @ValidateBy({
    name: 'dnsServers',
    validator: {
      validate: (value) => typeof value === 'string' && parseDnsServers(value) !== null,
      defaultMessage: () =>
        'WEBHOOK_DNS_SERVERS must be a comma list of IP addresses, each with an optional port (1.1.1.1, 10.0.0.53:5353, [2606:4700::1111]:53)',
    },
  })
  WEBHOOK_DNS_SERVERS?: string;

  /** Alert and invitation e-mails are sent through this server; unset, none are. */
  @IsOptional()
  @IsString()
  @Matches(/^smtps?:\/\/[^\s/?#]+\/?(\?\S*)?$/, {
    message: 'SMTP_URL must be smtp://user:pass@host:port or smtps://…',
  })
  SMTP_URL?: string;

  /** The sender of every e-mail (alerts, invitations). */
  @IsOptional()
  @IsEmail({ require_tld: false, allow_display_name: true })
  ALERT_EMAIL_FROM: string = 'airfleet@localhost';

  /** Where browsers reach the service: e-mails and invitation links point to its pages. */
  @IsOptional()
  @IsUrl({ protocols: ['http', 'https'], require_tld: false, require_protocol: true })
  PUBLIC_URL?: string;

  /** Worker processes serving the port (node:cluster), PostgreSQL only. */
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(64)
  WEB_CONCURRENCY: number = 1;

  @IsOptional()
  @IsString()
  @Matches(/^rediss?:\/\//, { message: 'REDIS_URL must start with redis://' })
  REDIS_URL?: string;

  @IsOptional()
  @IsIn(LOG_LEVELS)
  LOG_LEVEL: string = 'info';

  @IsOptional()
  @IsString()
  @MinLength(32)
  SESSION_SECRET?: string;

  @IsOptional()
  @IsString()
  @Matches(/^(\d{1,2}|[0-9a-fA-F.:/]+(\s*,\s*[0-9a-fA-F.:/]+)*)$/, {
    message: 'TRUST_PROXY must be a hop count or a comma-separated list of proxy addresses',
  })
  TRUST_PROXY?: string;

  @IsOptional()
  @IsIn(['true', 'false'])
  DEMO?: string;
}

/** Typed, validated configuration; injected through @nestjs/config under the key `app`. */
export interface AppConfig {
  port: number;
  database:
    | {
        type: 'postgres';
        url: string;
        /** How many prepared statements each connection keeps (0: none); default 100. */
        statementCache?: number;
      }
    | { type: 'better-sqlite3'; path: string };
  heartbeatTimeoutSeconds: number;
  rateLimitPerMinute: number;
  deviceCheckinIntervalSeconds: number;
  upgradeTimeoutSeconds: number;
  /** How long events are kept. */
  eventRetentionDays: number;
  /** How long ended client sessions are kept. */
  clientRetentionDays: number;
  /** The interval of the fleet history samples. */
  fleetSampleSeconds: number;
  /** Webhook delivery. */
  webhooks: {
    timeoutSeconds: number;
    retryScheduleSeconds: number[];
    allowPrivateNetworks: boolean;
    /** Name servers (`address` or `address:port`, IPv6 in brackets with a port); empty: the system's. */
    dnsServers: string[];
  };
  /** E-mails: alerts and invitations (none without `smtpUrl`). */
  mail: { smtpUrl?: string; from: string };
  /** Where browsers reach the service (no trailing slash): links in e-mails. */
  publicUrl: string;
  /** Worker processes serving the port (1: no cluster; PostgreSQL only). */
  webConcurrency: number;
  redisUrl?: string;
  logLevel: string;
  /**
   * Signs browser-session cookies and CSRF tokens: SESSION_SECRET, else random per start (every
   * restart then signs browsers out, harmless for one instance; share it between instances).
   */
  sessionSecret: string;
  /**
   * Whom to believe for X-Forwarded-For. `false` (the default) uses the socket's
   * address; a hop count or a list of proxy addresses reads the header through them.
   */
  trustProxy: false | number | string[];
  /** Create the demo organisation on an empty database (embedded default, or DEMO=true). */
  demo: boolean;
}

export class ConfigurationError extends Error {}

/** Reads and validates the environment; throws ConfigurationError naming every bad variable. */
export function loadAppConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const present = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ''),
  );
  const vars = plainToInstance(EnvironmentVariables, present);
  const errors = validateSync(vars, { skipMissingProperties: false });
  if (errors.length > 0) {
    const details = errors
      .map(
        (e) =>
          `${e.property}=${shown(e.property, present[e.property])}: ${Object.values(e.constraints ?? {}).join('; ')}`,
      )
      .join('\n  ');
    throw new ConfigurationError(`Invalid configuration:\n  ${details}`);
  }
  return {
    port: vars.PORT,
    database: vars.DATABASE_URL
      ? { type: 'postgres', url: vars.DATABASE_URL, statementCache: vars.DATABASE_STATEMENT_CACHE }
      : { type: 'better-sqlite3', path: vars.DATABASE_PATH },
    heartbeatTimeoutSeconds: vars.HEARTBEAT_TIMEOUT_SECONDS,
    rateLimitPerMinute: vars.RATE_LIMIT_PER_MINUTE,
    deviceCheckinIntervalSeconds: vars.DEVICE_CHECKIN_INTERVAL_SECONDS,
    upgradeTimeoutSeconds: vars.UPGRADE_TIMEOUT_SECONDS,
    eventRetentionDays: vars.EVENT_RETENTION_DAYS,
    clientRetentionDays: vars.CLIENT_RETENTION_DAYS,
    fleetSampleSeconds: vars.FLEET_SAMPLE_SECONDS,
    webhooks: {
      timeoutSeconds: vars.WEBHOOK_TIMEOUT_SECONDS,
      retryScheduleSeconds: vars.WEBHOOK_RETRY_SCHEDULE_SECONDS.split(',').map(Number),
      allowPrivateNetworks: vars.WEBHOOK_ALLOW_PRIVATE_NETWORKS === 'true',
      dnsServers: vars.WEBHOOK_DNS_SERVERS ? parseDnsServers(vars.WEBHOOK_DNS_SERVERS)! : [],
    },
    mail: { smtpUrl: vars.SMTP_URL, from: vars.ALERT_EMAIL_FROM },
    publicUrl: (vars.PUBLIC_URL ?? `http://localhost:${vars.PORT}`).replace(/\/+$/, ''),
    webConcurrency: vars.WEB_CONCURRENCY,
    redisUrl: vars.REDIS_URL,
    logLevel: vars.LOG_LEVEL,
    sessionSecret: vars.SESSION_SECRET ?? randomBytes(32).toString('base64url'),
    trustProxy: parseTrustProxy(vars.TRUST_PROXY),
    demo: vars.DEMO ? vars.DEMO === 'true' : !vars.DATABASE_URL,
  };
}

/** A bad value as the error names it; SMTP_URL's password is never shown. */
function shown(property: string, value: string | undefined): string {
  return JSON.stringify(
    property === 'SMTP_URL' ? value?.replace(/:[^:@/]*@/, ':[hidden]@') : value,
  );
}

/**
 * A comma list of name servers as node:dns takes them (`1.1.1.1`, `1.1.1.1:53`, `::1`,
 * `[::1]:53`), or null when an entry is none of these.
 */
export function parseDnsServers(value: string): string[] | null {
  const servers = value.split(',').map((entry) => entry.trim());
  const valid = servers.every((entry) => {
    const bracketed = /^\[([^\]]+)\]:(\d{1,5})$/.exec(entry);
    const withPort = /^([\d.]+):(\d{1,5})$/.exec(entry);
    const [address, port] = bracketed
      ? [bracketed[1], bracketed[2]]
      : withPort
        ? [withPort[1], withPort[2]]
        : [entry, '53'];
    const family = isIP(address);
    return (
      (family === 4 || (family === 6 && !withPort)) && Number(port) >= 1 && Number(port) <= 65535
    );
  });
  return valid ? servers : null;
}

function parseTrustProxy(value: string | undefined): false | number | string[] {
  if (!value) {
    return false;
  }
  if (/^\d+$/.test(value)) {
    return Number(value);
  }
  return value.split(',').map((address) => address.trim());
}

export const APP_CONFIG_KEY = 'app';
