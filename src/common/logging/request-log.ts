import { FastifyInstance } from 'fastify';
import { Logger } from 'pino';

/**
 * One line per answered request (`request completed`, level info; `request errored`, level
 * error, for a 5xx), with the request id, the redacted URL and the status, written by a Fastify
 * hook after the reply is sent. Nothing is built for a line the level drops: at `warn`, the
 * default in production, a request that succeeds costs one comparison.
 */
export function logRequests(fastify: FastifyInstance, log: Logger): void {
  if (!log.isLevelEnabled('error')) {
    return;
  }
  const completed = log.isLevelEnabled('info');
  fastify.addHook('onResponse', (request, reply, done) => {
    const status = reply.statusCode;
    if (status >= 500) {
      log.error(
        {
          req: request.raw,
          res: reply.raw,
          err: new Error(`failed with status code ${status}`),
          responseTime: Math.round(reply.elapsedTime),
        },
        'request errored',
      );
    } else if (completed) {
      log.info(
        { req: request.raw, res: reply.raw, responseTime: Math.round(reply.elapsedTime) },
        'request completed',
      );
    }
    done();
  });
}
