import { AppConfig } from '../../config/app-config';
import { isDatabaseUnavailable } from '../database-unavailable';

/**
 * Why the database stopped the service's start, in the words of the database it is (the one
 * place outside the dialects that asks which: start-up.ts prints what this returns).
 */

/** The database address without its password, for messages. */
export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) {
      parsed.password = '***';
    }
    return parsed.toString();
  } catch {
    return '(not a valid URL)';
  }
}

const SQLITE_OPEN_CODES =
  /^(SQLITE_CANTOPEN|SQLITE_READONLY|SQLITE_NOTADB|EACCES|EROFS|ENOTDIR|EISDIR)/;

function codeOf(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : '';
}

function reason(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.split('\n')[0];
}

/**
 * The one line that says why the database stopped the start (unreachable PostgreSQL, a SQLite
 * file that cannot be opened), or undefined for any other failure.
 */
export function databaseStartProblem(
  error: unknown,
  database: AppConfig['database'],
): string | undefined {
  if (database.type === 'postgres' && isDatabaseUnavailable(error)) {
    return (
      `Airfleet cannot reach the database at DATABASE_URL=${redactUrl(database.url)} ` +
      `(${reason(error)}): start PostgreSQL or correct DATABASE_URL.`
    );
  }
  if (database.type === 'better-sqlite3' && SQLITE_OPEN_CODES.test(codeOf(error))) {
    return (
      `Airfleet cannot open the SQLite database at DATABASE_PATH=${database.path} ` +
      `(${reason(error)}): correct DATABASE_PATH or its permissions.`
    );
  }
  return undefined;
}
