/** The operations of a served OpenAPI 3.0 document, with their schemas resolved. */

export type Schema = Record<string, unknown>;

export interface Parameter {
  name: string;
  required: boolean;
  schema: Schema;
}

export interface Operation {
  /** "GET /v1/tags" */
  key: string;
  method: string;
  /** The OpenAPI path template, e.g. "/v1/location_networks/{id}". */
  path: string;
  pathParams: Parameter[];
  queryParams: Parameter[];
  /** The JSON request body schema, when the operation declares one. */
  body: Schema | null;
  bodyRequired: boolean;
  /** Declared response statuses ("200", "422", "default"). */
  statuses: string[];
  /** A device route: it declares the `device` Basic security scheme. */
  deviceRoute: boolean;
}

export interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Record<string, Record<string, unknown>>>;
  components?: { schemas?: Record<string, Schema> };
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch'];
/** A path parameter the document names in the template only is treated as an integer id. */
const UNDECLARED_PATH_PARAMETER: Schema = { type: 'integer' };
/** Deeper schemas than this are cut (recursive schemas). */
const MAX_DEPTH = 12;

export function operationsOf(document: OpenApiDocument): Operation[] {
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of METHODS) {
      const operation = item[method];
      if (!operation) {
        continue;
      }
      const parameters = ((operation.parameters ?? []) as Record<string, unknown>[]).map((p) =>
        resolve(document, p),
      );
      const parameter = (p: Schema): Parameter => ({
        name: p.name as string,
        required: p.required === true,
        schema: resolve(document, (p.schema as Schema | undefined) ?? {}),
      });
      const declaredPath = parameters.filter((p) => p.in === 'path').map(parameter);
      const templateNames = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]);
      const pathParams = templateNames.map(
        (name) =>
          declaredPath.find((p) => p.name === name) ?? {
            name,
            required: true,
            schema: UNDECLARED_PATH_PARAMETER,
          },
      );
      const requestBody = operation.requestBody
        ? resolve(document, operation.requestBody as Schema)
        : null;
      const content = requestBody?.content as Record<string, { schema?: Schema }> | undefined;
      const jsonBody = content?.['application/json'];
      operations.push({
        key: `${method.toUpperCase()} ${path}`,
        method: method.toUpperCase(),
        path,
        pathParams,
        queryParams: parameters.filter((p) => p.in === 'query').map(parameter),
        body: jsonBody ? resolve(document, jsonBody.schema ?? {}) : null,
        bodyRequired: requestBody?.required === true,
        statuses: Object.keys(operation.responses ?? {}),
        deviceRoute: ((operation.security ?? []) as Record<string, unknown>[]).some(
          (requirement) => 'device' in requirement,
        ),
      });
    }
  }
  return operations;
}

/** Resolves every local `$ref` (to a bounded depth), so generators read plain schemas. */
export function resolve(document: OpenApiDocument, node: Schema, depth = 0): Schema {
  if (depth > MAX_DEPTH) {
    return {};
  }
  if (typeof node.$ref === 'string') {
    const target = node.$ref
      .replace(/^#\//, '')
      .split('/')
      .reduce<unknown>((at, part) => (at as Record<string, unknown> | undefined)?.[part], document);
    return resolve(document, (target as Schema | undefined) ?? {}, depth + 1);
  }
  const out: Schema = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === 'example' || key === 'examples') {
      out[key] = value;
    } else if (Array.isArray(value)) {
      out[key] = value.map((v: unknown) => (isObject(v) ? resolve(document, v, depth + 1) : v));
    } else if (isObject(value)) {
      out[key] = resolve(document, value, depth + 1);
    } else {
      out[key] = value;
    }
  }
  return out;
}

const isObject = (value: unknown): value is Schema =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Every parameter and request-body property name of the operations (for stray keys). */
export function requestNames(operations: Operation[]): string[] {
  const names = new Set<string>();
  const walk = (node: unknown) => {
    if (Array.isArray(node)) {
      node.forEach(walk);
    } else if (isObject(node)) {
      if (isObject(node.properties)) {
        Object.keys(node.properties).forEach((name) => names.add(name));
      }
      for (const [key, value] of Object.entries(node)) {
        if (key !== 'example' && key !== 'examples') {
          walk(value);
        }
      }
    }
  };
  for (const operation of operations) {
    [...operation.pathParams, ...operation.queryParams].forEach((p) => names.add(p.name));
    walk(operation.body);
  }
  return [...names].sort();
}
