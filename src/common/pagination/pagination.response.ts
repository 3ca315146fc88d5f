import { Type } from '@nestjs/common';
import { ArrayOf, Data, Int, Of } from '../openapi/response-schema';

/** `meta` of paginated listings. */
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

/** `{<key>: [<records>], meta}`: a page of records, as a schema named `name`. */
export const PageData = (name: string, key: string, records: () => Type<unknown>) =>
  Data(name, { [key]: ArrayOf(records), meta: Of(() => PaginationMetaResponse) });
