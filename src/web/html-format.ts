import { IncomingMessage } from 'node:http';
import type { ConstraintStrategy, HTTPVersion } from 'find-my-way';

type Format = 'html' | 'json';

/**
 * Upgrade paths answer JSON when the request asks for it (`Accept: application/json`
 * or a path ending in `.json`) and HTML otherwise. A request that carries an access token or a
 * JSON body is an API call too: a browser sends neither, and an API client that forgot the Accept
 * header should not get a sign-in redirect.
 */
export function requestFormat(req: IncomingMessage): Format {
  const url = req.url ?? '';
  const path = url.split('?', 1)[0];
  const accept = req.headers.accept ?? '';
  const contentType = req.headers['content-type'] ?? '';
  const isApiCall =
    path.endsWith('.json') ||
    accept.includes('application/json') ||
    contentType.includes('application/json') ||
    req.headers.authorization !== undefined ||
    /[?&]access_token=/.test(url);
  return isApiCall ? 'json' : 'html';
}

/**
 * A Fastify (find-my-way) constraint strategy: routes declared with `{format: 'html'}` (HtmlOnly)
 * match only HTML requests; unconstrained routes on the same path take all the others.
 */
export const HTML_FORMAT: ConstraintStrategy<HTTPVersion.V1> = {
  name: 'format',
  storage() {
    type Handler = Parameters<ReturnType<ConstraintStrategy<HTTPVersion.V1>['storage']>['set']>[1];
    const handlers = new Map<string, Handler>();
    return {
      get: (value: string) => handlers.get(value) ?? null,
      set: (value: string, store: Handler) => {
        handlers.set(value, store);
      },
    };
  },
  deriveConstraint: (req) => requestFormat(req),
  mustMatchWhenDerived: false,
};
