import { join } from 'node:path';
import fastifyCookie from '@fastify/cookie';
import fastifyView from '@fastify/view';
import { NestFastifyApplication } from '@nestjs/platform-fastify';
import { HTML_FORMAT } from './html-format';
import { partials, TEMPLATE_ROOT, templateEngine } from './templates';
import { deriveKey, WEB_SECRET } from './web-secret';

export const STYLESHEET_PATH = join(__dirname, 'assets', 'app.css');
export const SCRIPT_PATH = join(__dirname, 'assets', 'console.js');
export const FAVICON_PATH = join(__dirname, 'assets', 'favicon.svg');

/**
 * The Fastify plugins of the browser pages: signed cookies (session, flash), Handlebars views
 * with their partials, and the `format` route constraint that lets HTML pages and the JSON API
 * share paths. Called by configureApp before the routes are registered. (Form bodies need no
 * plugin: Nest's Fastify adapter registers an application/x-www-form-urlencoded parser.)
 */
export async function registerWebPlugins(app: NestFastifyApplication): Promise<void> {
  const secret = app.get<symbol, string>(WEB_SECRET, { strict: false });
  await app.register(fastifyCookie, { secret: deriveKey(secret, 'cookie').toString('base64url') });
  await app.register(fastifyView, {
    engine: { handlebars: templateEngine() },
    root: TEMPLATE_ROOT,
    layout: 'web/views/layout.hbs',
    options: { partials: partials() },
    // Compiled once and kept, except under `npm run start:dev` (NODE_ENV=development), where an
    // edited template shows on the next request: recompiling the template and its layout on
    // every render cost a page about 5 ms of CPU.
    production: process.env.NODE_ENV !== 'development',
  });
  app.getHttpAdapter().getInstance().addConstraintStrategy(HTML_FORMAT);
}
