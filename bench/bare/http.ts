/**
 * What every bare route shares: the error answer, pagination and MACs, each as Airfleet's
 * contract has it. Error bodies are the API's `{msg, error_code}`;
 * the bench compares only success bodies.
 */

/** An error answer: thrown by a handler, written by the server's error handler. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly body: { msg: string } & Record<string, unknown>,
    readonly headers: Record<string, string> = {},
  ) {
    super(body.msg);
  }
}

export const fail = (statusCode: number, code: number, msg: string) =>
  new HttpError(statusCode, { msg, error_code: code });

/** A request outside what the yardstick covers: a bench that strays there fails loudly. */
export const notInYardstick = (what: string) =>
  new HttpError(501, { msg: `the bare server does not implement ${what}` });

const MAX_PAGE = 2_147_483_647;

export interface Page {
  page: number;
  perPage: number;
  offset: number;
}

/** `page` (1 to 2^31-1, default 1) and `per_page` (at least 1, default 100, clamped to 1000). */
export function pageOf(query: { page?: string; per_page?: string }): Page {
  const integer = (text: string | undefined, fallback: number, max: number) => {
    if (text === undefined) {
      return fallback;
    }
    const value = Number(text);
    if (!/^\d+$/.test(text) || value < 1 || value > max) {
      throw fail(422, 1030, 'page and per_page must be positive integers');
    }
    return value;
  };
  const page = integer(query.page, 1, MAX_PAGE);
  const perPage = Math.min(integer(query.per_page, 100, Number.MAX_SAFE_INTEGER), 1000);
  return { page, perPage, offset: (page - 1) * perPage };
}

/** `meta` of a listing. */
export function metaOf(page: Page, count: number) {
  const pages = Math.ceil(count / page.perPage);
  return {
    current: page.page,
    previous: page.page > 1 ? page.page - 1 : null,
    next: page.page >= pages ? null : page.page + 1,
    per_page: page.perPage,
    pages,
    count,
  };
}

/**
 * The one well-formed MAC of a field (`aa:bb…`, `AA-BB-…` or 12 hex digits; a comma
 * list is read as Airfleet's parseMacs reads it), or null when there is none or more than one.
 */
export function singleMac(input: string): string | null {
  const macs = new Set<string>();
  for (const entry of input.split(',')) {
    if (entry.trim() === '') {
      continue;
    }
    const hex = entry.trim().replace(/[:-]/g, '').toUpperCase();
    if (/^[0-9A-F]{12}$/.test(hex)) {
      macs.add(hex.match(/.{2}/g)!.join(':'));
    }
  }
  return macs.size === 1 ? [...macs][0] : null;
}
