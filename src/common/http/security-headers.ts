import helmet, { FastifyHelmetOptions } from '@fastify/helmet';
import { FastifyAdapter } from '@nestjs/platform-fastify';

/** Headers of the probe's answer that Fastify sends, not helmet. */
const FASTIFY_OWN = new Set(['content-type', 'content-length', 'date', 'connection', 'keep-alive']);

/**
 * The headers @fastify/helmet sends with `options`, worked out once: the plugin built helmet's
 * middleware (parsing the whole Content-Security-Policy again) on every request, for headers that
 * never change. A throwaway Fastify instance with the plugin answers one injected request, and
 * its headers are the answer, so they stay exactly helmet's across upgrades.
 */
export async function helmetHeaders(
  options: FastifyHelmetOptions,
): Promise<Record<string, string>> {
  const probe = new FastifyAdapter({ logger: false }).getInstance();
  try {
    await probe.register(helmet, options);
    probe.get('/', (_request, reply) => reply.send(''));
    const answer = await probe.inject({ method: 'GET', url: '/' });
    return Object.fromEntries(
      Object.entries(answer.headers)
        .filter(([name]) => !FASTIFY_OWN.has(name))
        .map(([name, value]) => [name, String(value)]),
    );
  } finally {
    await probe.close();
  }
}
