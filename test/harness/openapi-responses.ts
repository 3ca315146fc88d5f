import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv, { ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';

/**
 * Checks an HTTP answer against the committed OpenAPI document (openapi.json): its status must be
 * one the operation declares, and a JSON body must match the schema declared for that status.
 * The harness runs every answer of `t().http()` through it, so the document cannot drift from
 * what the code answers without an HTTP test failing.
 *
 * An object may carry only the properties its schema lists: the generated schemas leave
 * `additionalProperties` open, but a property the document does not list is one that no generated
 * client knows about. Objects whose schema lists no properties, or says what else they may hold,
 * stay open.
 *
 * Left alone: requests whose method and path are no operation of the document (pages, /docs),
 * answers that are not JSON (pages, CSV, Prometheus text), redirects (a page's answer on a path
 * the API shares, e.g. a browser without a session sent to the sign-in page), undeclared server
 * errors (5xx) and 431, which the server answers before routing, to no operation.
 */

/** Answered before the request reaches any route: request headers too large (431 1033). */
const BEFORE_ROUTING = [431];

interface ResponseObject {
  content?: Record<string, { schema?: object }>;
}
interface OperationObject {
  responses?: Record<string, ResponseObject>;
}
interface Document {
  paths: Record<string, Record<string, OperationObject>>;
}

const DOCUMENT_ID = 'openapi.json';
const METHODS = ['get', 'put', 'post', 'delete', 'patch'];

/** What the checker needs of an answer (supertest's response has these). */
export interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** The raw body text (empty when none). */
  text?: string;
  body: unknown;
}

interface Route {
  template: string;
  pattern: RegExp;
  /** Literal characters of the template: the most literal match wins (`/x/{id}.json` over `/x/{id}`). */
  literal: number;
}

/** The schemas of the document, each object that lists its properties closed to any other. */
function closed(node: unknown): unknown {
  if (Array.isArray(node)) {
    node.forEach(closed);
  } else if (node && typeof node === 'object') {
    const schema = node as Record<string, unknown>;
    const properties = schema.properties;
    if (properties && typeof properties === 'object' && !('additionalProperties' in schema)) {
      schema.additionalProperties = false;
    }
    Object.values(schema).forEach(closed);
  }
  return node;
}

class OpenApiResponses {
  private readonly document: Document;
  private readonly routes: Route[];
  private readonly ajv: Ajv;
  /** One compiled validator per operation, status and media type, for the life of the process. */
  private readonly validators = new Map<string, ValidateFunction>();

  constructor(document: Document) {
    this.document = document;
    this.routes = Object.keys(document.paths)
      .map((template) => ({
        template,
        pattern: new RegExp(
          `^${template
            .split(/\{[^}]+\}/)
            .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
            .join('[^/]+')}$`,
        ),
        literal: template.replace(/\{[^}]+\}/g, '').length,
      }))
      .sort((a, b) => b.literal - a.literal);
    // OpenAPI 3.0 schemas: `nullable` is Ajv's own keyword; `example` and the like are
    // annotations (strict off), the formats those of ajv-formats.
    this.ajv = new Ajv({ allErrors: true, strict: false });
    addFormats(this.ajv);
    this.ajv.addSchema(closed(JSON.parse(JSON.stringify(document))) as object, DOCUMENT_ID);
  }

  /** The operation's path template a request path falls on, or undefined when none. */
  templateOf(method: string, path: string): string | undefined {
    const route = this.routes.find(
      (candidate) =>
        candidate.pattern.test(path) && this.document.paths[candidate.template][method],
    );
    return route?.template;
  }

  /** Why the answer breaks the document, or null when it keeps to it (or is none of its business). */
  problemOf(method: string, url: string, answer: Answer): string | null {
    const verb = method.toLowerCase();
    if (!METHODS.includes(verb)) {
      return null;
    }
    const path = url.replace(/^[a-z]+:\/\/[^/]+/i, '').split('?')[0];
    const template = this.templateOf(verb, path);
    if (!template) {
      return null;
    }
    const contentType = String(answer.headers['content-type'] ?? '');
    const json = /^application\/(?:[\w.+-]+\+)?json\b/.test(contentType);
    const hasBody = (answer.text ?? '').length > 0;
    if (hasBody && !json) {
      return null; // a page, a CSV file, Prometheus text
    }
    const redirect = answer.status >= 300 && answer.status < 400 && !!answer.headers.location;
    if (redirect || BEFORE_ROUTING.includes(answer.status)) {
      return null;
    }
    const where = `${method.toUpperCase()} ${path} (${verb} ${template}) answered ${answer.status}`;
    const responses = this.document.paths[template][verb].responses ?? {};
    const status = String(answer.status);
    const key = status in responses ? status : 'default' in responses ? 'default' : undefined;
    if (key === undefined) {
      if (answer.status >= 500) {
        return null;
      }
      const declared = Object.keys(responses).join(', ');
      return `${where}, a status the document does not declare (declared: ${declared})`;
    }
    const content = responses[key].content ?? {};
    const mediaType = Object.keys(content).find((type) => /json/.test(type));
    if (!hasBody) {
      return mediaType ? `${where} without a body, where the document declares JSON` : null;
    }
    if (!mediaType) {
      const declared = Object.keys(content).join(', ') || 'no body';
      return `${where} with JSON, where the document declares ${declared}`;
    }
    if (!content[mediaType].schema) {
      return null;
    }
    const validate = this.validatorOf(template, verb, key, mediaType);
    if (validate(answer.body)) {
      return null;
    }
    const errors = (validate.errors ?? [])
      .map((error) => `${error.instancePath || '(body)'} ${error.message ?? ''}`.trim())
      .join('; ');
    return `${where} with a body that does not match the document: ${errors}\n${JSON.stringify(answer.body)}`;
  }

  private validatorOf(template: string, verb: string, status: string, mediaType: string) {
    const key = `${verb} ${template} ${status} ${mediaType}`;
    let validate = this.validators.get(key);
    if (!validate) {
      const pointer = ['paths', template, verb, 'responses', status, 'content', mediaType, 'schema']
        .map((token) => encodeURIComponent(token.replace(/~/g, '~0').replace(/\//g, '~1')))
        .join('/');
      validate = this.ajv.compile({ $ref: `${DOCUMENT_ID}#/${pointer}` });
      this.validators.set(key, validate);
    }
    return validate;
  }
}

let checker: OpenApiResponses | undefined;

/** The checker of the committed document, built on first use (once per jest test file). */
export function openApiResponses(): OpenApiResponses {
  checker ??= new OpenApiResponses(
    JSON.parse(readFileSync(join(__dirname, '..', '..', 'openapi.json'), 'utf8')) as Document,
  );
  return checker;
}
