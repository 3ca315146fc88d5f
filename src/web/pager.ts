import { readId, UNMATCHED_ID } from '../common/ids/id';
import { MAX_PAGE, PaginationMeta } from '../common/pagination/pagination';

/** The page a list's `?page=` asks for: 1 to MAX_PAGE, else (a bad value, or none) the first. */
export function pageNumber(value: unknown): number {
  const page = readId(value);
  return page !== undefined && page !== UNMATCHED_ID && page <= MAX_PAGE ? page : 1;
}

/** A page link of a pager; `gap` stands for the pages left out between two links. */
export type PagerItem =
  { kind: 'page'; number: number; href: string; current: boolean } | { kind: 'gap' };

export interface Pager {
  previous: string | null;
  next: string | null;
  items: PagerItem[];
  /** "Page 2 of 7". */
  text: string;
}

/**
 * The page links of a paginated list page: previous, next, the first and last page and those
 * within two of the current one, with a gap where pages are left out. Null for a single page.
 */
export function pager(meta: PaginationMeta, href: (page: number) => string): Pager | null {
  if (meta.pages <= 1) {
    return null;
  }
  const shown = new Set([1, meta.pages]);
  for (let page = meta.current - 2; page <= meta.current + 2; page++) {
    if (page >= 1 && page <= meta.pages) {
      shown.add(page);
    }
  }
  const items: PagerItem[] = [];
  let last = 0;
  for (const number of [...shown].sort((a, b) => a - b)) {
    if (number > last + 1) {
      items.push({ kind: 'gap' });
    }
    items.push({ kind: 'page', number, href: href(number), current: number === meta.current });
    last = number;
  }
  return {
    // past the last page, "previous" leads back to the last one
    previous:
      meta.current > meta.pages
        ? href(meta.pages)
        : meta.previous === null
          ? null
          : href(meta.previous),
    next: meta.next === null || meta.current >= meta.pages ? null : href(meta.next),
    items,
    text: `Page ${meta.current} of ${meta.pages}`,
  };
}
