/**
 * The files whose classes the @nestjs/swagger plugin reads (types, optional fields, validation
 * rules, comments): a class elsewhere reaches the OpenAPI document without its properties, so a
 * query DTO outside them documents no parameter. `pagination.ts` holds the shared page/per_page
 * query, `*.query.ts` the other queries.
 */
export const DTO_FILE_SUFFIXES = ['.dto.ts', '.query.ts', '.entity.ts', 'pagination.ts'];
