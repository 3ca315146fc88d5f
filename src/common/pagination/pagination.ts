import { Type } from 'class-transformer';
import { IsInt, IsOptional, Max, Min } from 'class-validator';

export const DEFAULT_PER_PAGE = 100;
export const MAX_PER_PAGE = 1000;
/** The highest page number; above it 422 1030. */
export const MAX_PAGE = 2_147_483_647;

/** `page` and `per_page` query parameters. */
export class PaginationQueryDto {
  /** Page number, from 1 to 2147483647. */
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(MAX_PAGE)
  page?: number;

  /** Page size; values above 1000 are clamped to 1000. */
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  per_page?: number;
}

/** Pagination meta as returned in listings. */
export class PaginationMeta {
  current: number;
  previous: number | null;
  next: number | null;
  per_page: number;
  pages: number;
  count: number;
}

export interface PageRequest {
  page: number;
  perPage: number;
  /** Rows to skip: (page - 1) * perPage. */
  offset: number;
}

/** Resolves the page in effect: defaults 1 and 100, per_page clamped to 1000. */
export function pageRequest(query: PaginationQueryDto): PageRequest {
  const page = query.page ?? 1;
  const perPage = Math.min(query.per_page ?? DEFAULT_PER_PAGE, MAX_PER_PAGE);
  return { page, perPage, offset: (page - 1) * perPage };
}

/** Builds the meta for `count` records seen through `request`. */
export function paginationMeta(request: PageRequest, count: number): PaginationMeta {
  const pages = Math.ceil(count / request.perPage);
  const current = request.page;
  return {
    current,
    previous: current > 1 ? current - 1 : null,
    next: current >= pages ? null : current + 1,
    per_page: request.perPage,
    pages,
    count,
  };
}
