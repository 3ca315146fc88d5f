import type {
  OpenAPIObject,
  OperationObject,
  ParameterObject,
  PathItemObject,
  ResponseObject,
  SchemaObject,
} from '@nestjs/swagger/dist/interfaces/open-api-spec.interface';
import { ApiErrorCode, HTTP_STATUS_OF } from '../errors/api-error-code';
import { MAX_ID } from '../ids/id';
import { errorResponse, mergeErrorSchemas } from './api-error-responses';

/** Every id is 1 to MAX_ID. */
export const ID_SCHEMA: SchemaObject = { type: 'integer', minimum: 1, maximum: MAX_ID };

const isIdName = (name: string) => name === 'id' || name.endsWith('_id');
const PAGE_NAMES = ['page', 'per_page'];

const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;
/** Fastify reads (and may refuse) a JSON body on these, even where the operation takes none. */
const BODY_METHODS: string[] = ['put', 'post', 'delete', 'patch'];

/** The operations of the document, with their path and method. */
export function operationsOf(
  document: OpenAPIObject,
): { path: string; method: string; operation: OperationObject }[] {
  return Object.entries(document.paths).flatMap(([path, item]: [string, PathItemObject]) =>
    METHODS.filter((method) => item[method]).map((method) => ({
      path,
      method,
      operation: item[method]!,
    })),
  );
}

/** A public operation declares `security: []`; every other one needs the bearer token. */
const isSecured = (operation: OperationObject) =>
  !(Array.isArray(operation.security) && operation.security.length === 0);

/** A device route declares the `device` Basic scheme instead of the bearer token. */
const isDeviceRoute = (operation: OperationObject) =>
  Array.isArray(operation.security) &&
  operation.security.some((requirement) => 'device' in requirement);

/** What a retry needs: `Retry-After` (seconds) on 429 and 503. */
const RETRY_AFTER = {
  'Retry-After': { description: 'Seconds to wait before retrying', schema: { type: 'integer' } },
};

function addError(operation: OperationObject, code: ApiErrorCode, retry = false): void {
  const key = String(HTTP_STATUS_OF[code]);
  const incoming = errorResponse([code]);
  const existing = operation.responses[key] as ResponseObject | undefined;
  const schemaOf = (response: ResponseObject) =>
    response.content?.['application/json']?.schema as SchemaObject | undefined;
  const existingSchema = existing && schemaOf(existing);
  operation.responses[key] = {
    description: existing
      ? [...new Set([existing.description, incoming.description])].join('; ')
      : incoming.description,
    ...(retry ? { headers: RETRY_AFTER } : {}),
    content: {
      'application/json': {
        schema: existingSchema
          ? mergeErrorSchemas([existingSchema, schemaOf(incoming)!])
          : schemaOf(incoming),
      },
    },
  };
}

/**
 * Adds the answers every operation of a kind shares, so no route can forget them:
 * - authenticated operations: 401 (1028; 1036 on device routes), 429 (1031) and 503 (1040; the
 *   credentials are looked up in the database);
 * - operations that read a JSON body (POST, PUT, PATCH, DELETE, whether or not they take one):
 *   400 (1032, malformed or too deeply nested), 413 (1033, over 1 MiB) and 422 (1030, e.g. an
 *   unsupported content type), merged with their own 422 answers;
 * - path parameters and query ids, page and per_page: integers 1 to 2147483647
 *   (per_page above 1000 is clamped);
 * - a route answering on a second path (`/upgrades.json`) gets its own operationId (`_json`).
 * Public operations (`security: []`) document their own answers.
 */
export function addStandardResponses(document: OpenAPIObject): OpenAPIObject {
  const seen = new Set<string>();
  for (const { path, method, operation } of operationsOf(document)) {
    if (operation.operationId && seen.has(operation.operationId) && path.endsWith('.json')) {
      operation.operationId = `${operation.operationId}_json`;
    }
    seen.add(operation.operationId ?? '');
    if (isSecured(operation)) {
      addError(
        operation,
        isDeviceRoute(operation)
          ? ApiErrorCode.DeviceUnauthenticated
          : ApiErrorCode.Unauthenticated,
      );
      addError(operation, ApiErrorCode.RateLimited, true);
      addError(operation, ApiErrorCode.ServiceUnavailable, true);
    }
    if (operation.requestBody || BODY_METHODS.includes(method)) {
      addError(operation, ApiErrorCode.MalformedJson);
      addError(operation, ApiErrorCode.PayloadTooLarge);
      addError(operation, ApiErrorCode.InvalidParameter);
    }
    for (const parameter of (operation.parameters ?? []) as ParameterObject[]) {
      // a query `*_id` typed as text is no id: `mac_id` takes MACs
      const idQuery =
        parameter.in === 'query' &&
        isIdName(parameter.name) &&
        (parameter.schema as SchemaObject | undefined)?.type !== 'string';
      if (parameter.in === 'path' || idQuery) {
        parameter.schema = { ...ID_SCHEMA };
      } else if (parameter.in === 'query' && PAGE_NAMES.includes(parameter.name)) {
        parameter.schema = { type: 'integer', minimum: 1, maximum: 2147483647 };
      }
    }
    operation.responses = Object.fromEntries(
      Object.entries(operation.responses).sort(([a], [b]) => a.localeCompare(b)),
    );
  }
  return document;
}
