import { IncomingMessage } from 'node:http';

type Format = 'html' | 'json';

/**
 * CONTRACT 2: upgrade paths answer JSON when the request asks for it (`Accept: application/json`
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
export const HTML_FORMAT = {
  name: 'format',
  storage() {
    const handlers = new Map<string, unknown>();
    return {
      get: (value: string) => handlers.get(value) ?? null,
      set: (value: string, store: unknown) => {
        handlers.set(value, store);
      },
    };
  },
  deriveConstraint: (req: IncomingMessage): Format => requestFormat(req),
  mustMatchWhenDerived: false,
};
