import { Int } from '../openapi/response-schema';

/** `meta` of paginated listings (SPEC 2.6). */
export class PaginationMetaResponse {
  @Int({ minimum: 1 })
  current: number;

  @Int({ nullable: true, description: 'current - 1; null on page 1' })
  previous: number | null;

  @Int({ nullable: true, description: 'current + 1; null when current >= pages' })
  next: number | null;

  @Int({ minimum: 1, maximum: 1000 })
  per_page: number;

  @Int({ minimum: 0 })
  pages: number;

  @Int({ minimum: 0 })
  count: number;
}
