import { createHash } from 'node:crypto';
import OpenAPIResponseValidator from 'openapi-response-validator';
import { canonicalJson } from '../../../src/device-config/config-document';
import { OpenApiDocument } from './operations';

/** What came back, as the properties read it. */
export interface FuzzResponse {
  status: number;
  contentType: string;
  text: string;
  /** The parsed JSON body, or undefined when the body is not JSON. */
  json: unknown;
}

type ResponseValidator = { validateResponse(status: string | number, body: unknown): unknown };

/**
 * Validators by document content and operation: the suite fuzzes the same document on both
 * databases, and building a validator (its schemas compiled by ajv) costs more than the requests.
 * By a hash of the canonical JSON, since the two documents list some schema members in different
 * orders.
 */
const validators = new Map<string, ResponseValidator>();
const documentKeys = new WeakMap<OpenApiDocument, string>();

function validatorOf(document: OpenApiDocument, path: string, method: string): ResponseValidator {
  let documentKey = documentKeys.get(document);
  if (documentKey === undefined) {
    documentKey = createHash('sha256').update(canonicalJson(document)).digest('hex');
    documentKeys.set(document, documentKey);
  }
  const key = `${method} ${path} ${documentKey}`;
  let validator = validators.get(key);
  if (!validator) {
    validator = new OpenAPIResponseValidator({
      responses: document.paths[path][method.toLowerCase()].responses as never,
      components: document.components,
    });
    validators.set(key, validator);
  }
  return validator;
}

/**
 * The response properties of one operation: never a 5xx, always JSON, an error has `msg` or
 * `message`, the status is declared, the body matches the declared schema of that status.
 */
export class ResponseChecks {
  private readonly statuses: Set<string>;
  /** Declared media types per status (e.g. /metrics answers text/plain). */
  private readonly mediaTypes = new Map<string, string[]>();
  private readonly validator: ResponseValidator | null;

  constructor(document: OpenApiDocument, path: string, method: string) {
    const operation = document.paths[path][method.toLowerCase()];
    const responses = (operation.responses ?? {}) as Record<string, unknown>;
    this.statuses = new Set(Object.keys(responses));
    for (const [status, response] of Object.entries(responses)) {
      const content = (response as { content?: Record<string, unknown> }).content ?? {};
      this.mediaTypes.set(status, Object.keys(content));
    }
    this.validator = Object.keys(responses).length > 0 ? validatorOf(document, path, method) : null;
  }

  problemsOf(res: FuzzResponse): string[] {
    const problems: string[] = [];
    if (res.status >= 500) {
      problems.push(`server error ${res.status}`);
    }
    const declared = this.mediaTypes.get(String(res.status)) ?? [];
    const declaredText = declared.find((type) => !type.includes('json'));
    if (declaredText && res.status < 400 && res.contentType.startsWith(declaredText)) {
      return problems; // a declared non-JSON answer (e.g. /metrics in Prometheus text format)
    }
    if (!/^application\/json\b/.test(res.contentType) || res.json === undefined) {
      problems.push(`body is not JSON (content-type ${res.contentType || 'none'})`);
      return problems;
    }
    if (res.status >= 400) {
      const body = res.json as Record<string, unknown> | null;
      const text = body?.msg ?? body?.message;
      if (typeof text !== 'string') {
        problems.push('error body has neither a msg nor a message string');
      }
      if (body && 'error_code' in body && typeof body.error_code !== 'number') {
        problems.push('error_code is not a number');
      }
    }
    const status = String(res.status);
    if (!this.statuses.has(status) && !this.statuses.has('default')) {
      problems.push(
        `status ${status} is not declared (declared: ${[...this.statuses].join(', ')})`,
      );
    } else if (this.validator) {
      const failure = this.validator.validateResponse(
        this.statuses.has(status) ? status : 'default',
        res.json,
      ) as { errors?: { path: string; message: string }[] } | undefined;
      if (failure?.errors?.length) {
        const detail = failure.errors.map((e) => `${e.path} ${e.message}`).join('; ');
        problems.push(`body does not match the declared ${status} schema: ${detail}`);
      }
    }
    return problems;
  }
}
