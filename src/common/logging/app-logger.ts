import { Inject, Injectable, LoggerService } from '@nestjs/common';
import { Level, Logger } from 'pino';
import { APP_LOG } from './logger-options';

/**
 * Nest's logger (`new Logger(context)` everywhere, and Nest's own messages) writing through the
 * application's pino logger: `logger.warn({reqId, code}, 'Database unreachable')` logs the
 * object's fields, the message and `context`; an Error as the first argument is logged as `err`.
 * Request ids are passed by the callers that have one (the error filters), so nothing has to
 * carry a per-request logger around.
 */
@Injectable()
export class AppLogger implements LoggerService {
  constructor(@Inject(APP_LOG) private readonly pino: Logger) {}

  verbose(message: unknown, ...optionalParams: unknown[]): void {
    this.write('trace', message, optionalParams);
  }

  debug(message: unknown, ...optionalParams: unknown[]): void {
    this.write('debug', message, optionalParams);
  }

  log(message: unknown, ...optionalParams: unknown[]): void {
    this.write('info', message, optionalParams);
  }

  warn(message: unknown, ...optionalParams: unknown[]): void {
    this.write('warn', message, optionalParams);
  }

  error(message: unknown, ...optionalParams: unknown[]): void {
    this.write('error', message, optionalParams);
  }

  fatal(message: unknown, ...optionalParams: unknown[]): void {
    this.write('fatal', message, optionalParams);
  }

  /** Nest passes the context last; before it, a message (when the first argument is an object) or a stack. */
  private write(given: Level, message: unknown, optionalParams: unknown[]): void {
    const context = optionalParams.at(-1);
    const level = nestLevel(given, context);
    if (!this.pino.isLevelEnabled(level)) {
      return;
    }
    const fields: Record<string, unknown> = {};
    let params = optionalParams;
    if (params.length > 0) {
      fields.context = context;
      params = params.slice(0, -1);
    }
    if (typeof message === 'object' && message !== null) {
      if (message instanceof Error) {
        fields.err = message;
      } else {
        Object.assign(fields, message);
      }
      this.pino[level](fields, ...(params as [string?]));
    } else if (isStackTrace(level, message, params)) {
      // Nest's exception handlers call error(message, stack, context).
      const err = new Error(message as string);
      err.stack = params[0] as string;
      this.pino[level]({ ...fields, err });
    } else {
      this.pino[level](fields, String(message), ...params);
    }
  }
}

/**
 * Nest's inventory at start-up: a line for each module loaded, each controller and each route
 * mapped (some 200 lines, which buried the start banner).
 */
const NEST_INVENTORY = new Set(['InstanceLoader', 'RoutesResolver', 'RouterExplorer']);

/** The level a line of Nest's is logged at: its inventory at debug (LOG_LEVEL=debug shows it). */
export function nestLevel(level: Level, context: unknown): Level {
  return level === 'info' && NEST_INVENTORY.has(context as string) ? 'debug' : level;
}

function isStackTrace(level: Level, message: unknown, params: unknown[]): boolean {
  return (
    level === 'error' &&
    typeof message === 'string' &&
    params.length === 1 &&
    typeof params[0] === 'string' &&
    /\n\s*at /.test(params[0])
  );
}
