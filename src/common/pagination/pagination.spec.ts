import { pageRequest, paginationMeta } from './pagination';

describe('pagination', () => {
  it('defaults to page 1 of 100', () => {
    expect(pageRequest({})).toEqual({ page: 1, perPage: 100, offset: 0 });
  });

  it('clamps per_page to 1000', () => {
    expect(pageRequest({ page: 3, per_page: 5000 })).toEqual({
      page: 3,
      perPage: 1000,
      offset: 2000,
    });
  });

  it('builds the meta of the first page', () => {
    expect(paginationMeta(pageRequest({ page: 1, per_page: 10 }), 25)).toEqual({
      current: 1,
      previous: null,
      next: 2,
      per_page: 10,
      pages: 3,
      count: 25,
    });
  });

  it('builds the meta of a middle page', () => {
    expect(paginationMeta(pageRequest({ page: 2, per_page: 10 }), 25)).toEqual({
      current: 2,
      previous: 1,
      next: 3,
      per_page: 10,
      pages: 3,
      count: 25,
    });
  });

  it('has no next page on the last page or past the end', () => {
    expect(paginationMeta(pageRequest({ page: 3, per_page: 10 }), 25).next).toBeNull();
    expect(paginationMeta(pageRequest({ page: 7, per_page: 10 }), 25)).toEqual({
      current: 7,
      previous: 6,
      next: null,
      per_page: 10,
      pages: 3,
      count: 25,
    });
  });

  it('has zero pages when there is no record', () => {
    expect(paginationMeta(pageRequest({}), 0)).toEqual({
      current: 1,
      previous: null,
      next: null,
      per_page: 100,
      pages: 0,
      count: 0,
    });
  });
});
