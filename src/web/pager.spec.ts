import { paginationMeta } from '../common/pagination/pagination';
import { pager } from './pager';

const meta = (page: number, count: number) =>
  paginationMeta({ page, perPage: 10, offset: (page - 1) * 10 }, count);
const href = (page: number) => `/list?page=${page}`;
const numbers = (page: number, count: number) =>
  pager(meta(page, count), href)!.items.map((item) =>
    item.kind === 'gap' ? '…' : item.current ? `[${item.number}]` : String(item.number),
  );

describe('pager', () => {
  it('is left out for a single page', () => {
    expect(pager(meta(1, 0), href)).toBeNull();
    expect(pager(meta(1, 10), href)).toBeNull();
  });

  it('links the first and last pages and two either side of the current one', () => {
    expect(numbers(1, 25)).toEqual(['[1]', '2', '3']);
    expect(numbers(5, 200)).toEqual(['1', '…', '3', '4', '[5]', '6', '7', '…', '20']);
    expect(numbers(4, 200)).toEqual(['1', '2', '3', '[4]', '5', '6', '…', '20']);
    expect(numbers(20, 200)).toEqual(['1', '…', '18', '19', '[20]']);
  });

  it('links the previous and next pages, and says where it is', () => {
    expect(pager(meta(2, 30), href)).toEqual(
      expect.objectContaining({
        previous: '/list?page=1',
        next: '/list?page=3',
        text: 'Page 2 of 3',
      }),
    );
    expect(pager(meta(3, 30), href)).toEqual(
      expect.objectContaining({ previous: '/list?page=2', next: null }),
    );
    // past the last page: back to it, no next
    expect(pager(meta(9, 30), href)).toEqual(
      expect.objectContaining({ previous: '/list?page=3', next: null, text: 'Page 9 of 3' }),
    );
  });
});
