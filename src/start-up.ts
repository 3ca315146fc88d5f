import { AppConfig, ConfigurationError } from './config/app-config';
import { databaseStartProblem } from './database/dialect/start-problem';
import type { DemoSeed } from './demo/demo.service';

/** The widest line the start banner prints: it must not wrap in an 80-column terminal. */
export const BANNER_COLUMNS = 80;

/**
 * What the service prints when it starts: a block between two rules, written after
 * every log line so that it cannot scroll away, with the console and Swagger UI addresses; on the
 * first start the demo token and sign-in, on later starts how to get a new token. Every line fits
 * BANNER_COLUMNS (the boxed block was 151 columns wide); long commands are broken with
 * a shell continuation, and there is no box edge on the sides, so that a command copies as it is.
 */
export function startBanner(base: string, seed: DemoSeed | null): string {
  const lines = [
    `Airfleet is listening on ${base}`,
    '',
    `  Console:     ${base}/overview`,
    `  Swagger UI:  ${base}/docs`,
    `  OpenAPI:     ${base}/docs-json`,
    '',
  ];
  if (seed) {
    const user = seed.device.mac_id.replace(/:/g, '');
    lines.push(
      'A demo organisation was created on this first start:',
      `  Access token (shown once): ${seed.token}`,
      `  Browser sign-in: ${seed.email} / ${seed.password}`,
      `    at ${base}/login`,
      '',
      'Try the API with that token:',
      `  export AIRFLEET_TOKEN=${seed.token}`,
      '  curl -H "Authorization: Bearer $AIRFLEET_TOKEN" \\',
      `    ${base}/v1/location_networks/list_networks`,
      'A demo access point checks in (docs/devices.md):',
      `  curl -u ${user}:${seed.device.secret} -X POST \\`,
      `    ${base}/device/v1/checkin`,
      'Watch a fleet move (docs/simulator.md):',
      `  npm run simulate -- --url ${base} --token <a super-admin token>`,
    );
  } else {
    lines.push(
      'Need an access token? Issue one (same database settings as the server):',
      '  npm run --silent cli -- token:create --user <user id>',
    );
  }
  const rule = '='.repeat(Math.min(BANNER_COLUMNS, Math.max(...lines.map((l) => l.length))));
  return `\n${[rule, ...lines, rule].join('\n')}\n\n`;
}

/** A start that failed for a reason the user can fix; its message is one line. */
export class StartFailure extends Error {}

/**
 * The one line that says why the database stopped the start (unreachable PostgreSQL, a SQLite
 * file that cannot be opened), or undefined for any other failure: the dialect says which.
 */
export function databaseStartFailure(
  error: unknown,
  database: AppConfig['database'],
): StartFailure | undefined {
  const line = databaseStartProblem(error, database);
  return line === undefined ? undefined : new StartFailure(line);
}

function codeOf(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : '';
}

/** The one line for a port another process holds, or undefined for any other listen failure. */
export function listenStartFailure(error: unknown, port: number): StartFailure | undefined {
  if (codeOf(error) === 'EADDRINUSE') {
    return new StartFailure(
      `Airfleet cannot listen on port ${port}: it is already in use. ` +
        `Stop the other process or set PORT to a free port (e.g. PORT=${port === 3000 ? 3001 : 3000}).`,
    );
  }
  if (codeOf(error) === 'EACCES') {
    return new StartFailure(
      `Airfleet may not listen on port ${port} (permission denied): set PORT to a port above 1023.`,
    );
  }
  return undefined;
}

/** What stderr says when the service could not start (the process then exits 1). */
export function startFailureText(error: unknown): string {
  if (error instanceof ConfigurationError || error instanceof StartFailure) {
    return error.message;
  }
  return `Airfleet failed to start: ${error instanceof Error ? error.stack : String(error)}`;
}
