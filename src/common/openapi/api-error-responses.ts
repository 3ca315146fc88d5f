import { applyDecorators } from '@nestjs/common';
import { ApiResponse } from '@nestjs/swagger';
import { ApiErrorCode, HTTP_STATUS_OF } from '../errors/api-error-code';

/**
 * Documents the coded error bodies `{msg, error_code, errors?}` an operation (or a controller)
 * can answer, one OpenAPI response per HTTP status listing its codes.
 */
export function ApiErrorResponses(...codes: ApiErrorCode[]) {
  const byStatus = new Map<number, ApiErrorCode[]>();
  for (const code of codes) {
    const status = HTTP_STATUS_OF[code];
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  return applyDecorators(
    ...[...byStatus].map(([status, group]) =>
      ApiResponse({
        status,
        description: group.map((code) => `${code} (${ApiErrorCode[code]})`).join(', '),
        schema: {
          type: 'object',
          required: ['msg', 'error_code'],
          properties: {
            msg: { type: 'string' },
            error_code: { type: 'integer', enum: group },
            errors: { type: 'string', description: 'Comma-joined validation messages' },
          },
          example: { msg: ApiErrorCode[group[0]], error_code: group[0] },
        },
      }),
    ),
  );
}
