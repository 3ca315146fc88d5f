/**
 * Preloaded into every server process the bench starts, Airfleet and bare alike
 * (`node -r dist/bench/child/stats-hook.js …`): counts the HTTP requests the process receives and
 * the SQL statements it sends through its database driver, the same way for both servers, so
 * that "per request" divides what the server did by what the server served (requests still in
 * flight when the load generator stops are on both sides of the division).
 *
 * - PostgreSQL: every `pg` Client#query call (one round trip each: a SELECT, an UPSERT, BEGIN
 *   and COMMIT alike). pg.Pool#query goes through Client#query, so it is counted once.
 * - SQLite: every execution of a better-sqlite3 statement (run, get, all, iterate) and every
 *   Database#exec.
 *
 * - HTTP: every 'request' event of a node:http server.
 *
 * The counts are written to `$BENCH_STATS_DIR/<pid>` (`<statements> <requests>`) at most every
 * 100 ms when they changed (cluster workers preload this too, each writing its own file); the
 * runner sums the files before and after a measured window. With BENCH_LOG_SQL=1 each statement
 * is also printed on stderr.
 */
import { renameSync, writeFileSync } from 'node:fs';
import { Server } from 'node:http';
import { createRequire } from 'node:module';
import { join } from 'node:path';

type Method = (this: unknown, ...args: unknown[]) => unknown;

const directory = process.env.BENCH_STATS_DIR;
const logSql = process.env.BENCH_LOG_SQL === '1';
const load = createRequire(__filename);
let statements = 0;
let requests = 0;
let written = '';

function counted(original: Method): Method {
  return function (this: unknown, ...args: unknown[]) {
    statements++;
    if (logSql) {
      const text = typeof args[0] === 'string' ? args[0] : JSON.stringify(args[0]);
      process.stderr.write(`[sql ${process.pid}] ${text.replace(/\s+/g, ' ').slice(0, 400)}\n`);
    }
    return original.apply(this, args);
  };
}

function wrap(prototype: object, names: string[]): void {
  const record = prototype as Record<string, Method>;
  for (const name of names) {
    if (typeof record[name] === 'function') {
      record[name] = counted(record[name]);
    }
  }
}

function hookPostgres(): void {
  const pg = load('pg') as typeof import('pg');
  wrap(pg.Client.prototype, ['query']);
}

function hookSqlite(): void {
  const Database = load('better-sqlite3') as typeof import('better-sqlite3');
  const database = Database.prototype as unknown as Record<string, Method>;
  const prepare = database.prepare;
  let statementsWrapped = false;
  database.prepare = function (this: unknown, ...args: unknown[]) {
    const statement = prepare.apply(this, args) as object;
    if (!statementsWrapped) {
      statementsWrapped = true;
      wrap(Object.getPrototypeOf(statement) as object, ['run', 'get', 'all', 'iterate']);
    }
    return statement;
  };
  wrap(database, ['exec']);
}

function hookHttp(): void {
  const prototype = Server.prototype as unknown as Record<string, Method>;
  const emit = prototype.emit;
  prototype.emit = function (this: unknown, ...args: unknown[]) {
    if (args[0] === 'request') {
      requests++;
    }
    return emit.apply(this, args);
  };
}

if (directory) {
  hookHttp();
  if (process.env.BENCH_DATABASE === 'sqlite') {
    hookSqlite();
  } else {
    hookPostgres();
  }
  const file = join(directory, String(process.pid));
  const flush = () => {
    const counts = `${statements} ${requests}`;
    if (counts !== written) {
      // Written aside, then renamed: the runner never reads a half-written count.
      writeFileSync(`${file}.tmp`, counts);
      renameSync(`${file}.tmp`, file);
      written = counts;
    }
  };
  flush();
  setInterval(flush, 100).unref();
}
