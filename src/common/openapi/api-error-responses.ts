import { METHOD_METADATA } from '@nestjs/common/constants';
import type {
  ReferenceObject,
  ResponseObject,
  SchemaObject,
} from '@nestjs/swagger/dist/interfaces/open-api-spec.interface';
import { ApiErrorCode, HTTP_STATUS_OF } from '../errors/api-error-code';

/**
 * An error answer that is not the coded `{msg, error_code, errors?}` body (the few operations whose
 * errors have another shape).
 */
export interface ErrorShape {
  status: number;
  description: string;
  schema: SchemaObject;
}

export type ErrorEntry = ApiErrorCode | ErrorShape;

/** The coded body `{msg, error_code, errors?}` for the given codes (all of one HTTP status). */
export function codedErrorSchema(codes: ApiErrorCode[]): SchemaObject {
  return {
    type: 'object',
    required: ['msg', 'error_code'],
    properties: {
      msg: { type: 'string' },
      error_code: { type: 'integer', enum: [...new Set(codes)].sort() },
      errors: { type: 'string', description: 'Comma-joined validation messages' },
      request_id: { type: 'string', description: 'Present on 500 (1035) only' },
    },
    example: { msg: ApiErrorCode[codes[0]], error_code: codes[0] },
  };
}

/**
 * A coded body that also carries `data` (a 422 1008 holds the network it refused to delete): an
 * alternative of its own, beside the plain coded bodies of the same status.
 */
export const codedErrorWithData = (
  code: ApiErrorCode,
  description: string,
  data: SchemaObject | ReferenceObject,
  example: { msg: string; data: object },
): ErrorShape => {
  const coded = codedErrorSchema([code]);
  return {
    status: HTTP_STATUS_OF[code],
    description: `${code} (${ApiErrorCode[code]}): ${description}`,
    schema: {
      ...coded,
      required: ['msg', 'error_code', 'data'],
      properties: { ...coded.properties, data },
      example: { msg: example.msg, error_code: code, data: example.data },
    },
  };
};

/** `{message, status}` with the HTTP status in `status` (upgrades). */
export const statusMessage = (status: number, description: string): ErrorShape => ({
  status,
  description,
  schema: {
    type: 'object',
    required: ['message', 'status'],
    properties: {
      message: { type: 'string' },
      status: { type: 'integer', enum: [status] },
      error_code: {
        type: 'integer',
        description:
          'The error code, where one applies (docs/api.md#errors); 1030: over the bulk limit',
      },
    },
    example: { message: description, status },
  },
});

/** `{message}` only (config_rollback). */
export const plainMessage = (status: number, description: string): ErrorShape => ({
  status,
  description,
  schema: {
    type: 'object',
    required: ['message'],
    properties: { message: { type: 'string' } },
    example: { message: description },
  },
});

const isCoded = (schema: SchemaObject): boolean =>
  Array.isArray(schema.required) &&
  schema.required.includes('error_code') &&
  Object.keys(schema.properties ?? {}).every((key) =>
    ['msg', 'error_code', 'errors', 'request_id'].includes(key),
  );

const codesOf = (schema: SchemaObject): ApiErrorCode[] =>
  ((schema.properties?.error_code as SchemaObject | undefined)?.enum ?? []) as ApiErrorCode[];

const alternatives = (schema: SchemaObject): SchemaObject[] =>
  schema.anyOf ? (schema.anyOf as SchemaObject[]) : [schema];

/**
 * One schema accepting every given error body: coded bodies share one schema whose
 * `error_code` enum lists every code; other shapes are alternatives (`anyOf`).
 */
export function mergeErrorSchemas(schemas: SchemaObject[]): SchemaObject {
  const flat = schemas.flatMap(alternatives);
  const codes = flat.filter(isCoded).flatMap(codesOf);
  const others = flat.filter((schema) => !isCoded(schema));
  const unique = others.filter(
    (schema, index) =>
      others.findIndex((other) => JSON.stringify(other) === JSON.stringify(schema)) === index,
  );
  const all = [...(codes.length > 0 ? [codedErrorSchema(codes)] : []), ...unique];
  return all.length === 1 ? all[0] : { anyOf: all };
}

const describe = (entry: ErrorEntry): string =>
  typeof entry === 'number' ? `${entry} (${ApiErrorCode[entry]})` : entry.description;

/** The OpenAPI response for the given error entries, all of one HTTP status. */
export function errorResponse(entries: ErrorEntry[]): ResponseObject {
  const schema = mergeErrorSchemas(
    entries.map((entry) => (typeof entry === 'number' ? codedErrorSchema([entry]) : entry.schema)),
  );
  return {
    description: [...new Set(entries.map(describe))].join('; '),
    content: { 'application/json': { schema } },
  };
}

const statusOf = (entry: ErrorEntry): number =>
  typeof entry === 'number' ? HTTP_STATUS_OF[entry] : entry.status;

const ENTRIES = 'airfleet:openapi-error-entries';
/** @nestjs/swagger's metadata key of @ApiResponse (API_RESPONSE, not exported). */
const API_RESPONSE = 'swagger/apiResponse';

type Handler = (...args: unknown[]) => unknown;

function document(handler: Handler, entries: ErrorEntry[]): void {
  const all = [...((Reflect.getMetadata(ENTRIES, handler) as ErrorEntry[]) ?? []), ...entries];
  Reflect.defineMetadata(ENTRIES, all, handler);
  const responses = {
    ...((Reflect.getMetadata(API_RESPONSE, handler) as object) ?? {}),
  } as Record<string, unknown>;
  for (const status of new Set(all.map(statusOf))) {
    const group = all.filter((entry) => statusOf(entry) === status);
    const { description, content } = errorResponse(group);
    const schema = content!['application/json'].schema;
    responses[String(status)] = { description, schema };
  }
  Reflect.defineMetadata(API_RESPONSE, responses, handler);
}

/**
 * Documents the error bodies an operation can answer, one OpenAPI response per HTTP status (coded
 * bodies `{msg, error_code, errors?}` by code, other shapes as `ErrorShape`s). Repeated use on
 * one operation adds up; on a controller it applies to each of its routes. The errors every
 * authenticated route or JSON body shares (401, 429, 503, 400, 413, 422 1030) are added to the
 * whole document by `addStandardResponses`.
 */
export function ApiErrorResponses(...entries: ErrorEntry[]): ClassDecorator & MethodDecorator {
  return (target: object, _key?: string | symbol, descriptor?: PropertyDescriptor) => {
    if (descriptor) {
      document(descriptor.value as Handler, entries);
      return;
    }
    const prototype = (target as { prototype: Record<string, unknown> }).prototype;
    for (const name of Object.getOwnPropertyNames(prototype)) {
      const handler = Object.getOwnPropertyDescriptor(prototype, name)?.value as unknown;
      if (typeof handler === 'function' && Reflect.hasMetadata(METHOD_METADATA, handler)) {
        document(handler as Handler, entries);
      }
    }
  };
}
