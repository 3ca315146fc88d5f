import { join, resolve } from 'node:path';
import fastifyCookie from '@fastify/cookie';
import fastifyView from '@fastify/view';
import { NestFastifyApplication } from '@nestjs/platform-fastify';
import Handlebars from 'handlebars';
import { HTML_FORMAT } from './html-format';
import { deriveKey, WEB_SECRET } from './web-secret';

/** Templates are named by their path under src/ (dist/src/ once built): `web/views/login.hbs`. */
export const TEMPLATE_ROOT = resolve(__dirname, '..');
export const STYLESHEET_PATH = join(__dirname, 'assets', 'app.css');
export const SCRIPT_PATH = join(__dirname, 'assets', 'console.js');
export const FAVICON_PATH = join(__dirname, 'assets', 'favicon.svg');

function templateEngine(): typeof Handlebars {
  const engine = Handlebars.create();
  engine.registerHelper('eq', (a: unknown, b: unknown) => a === b);
  return engine;
}

/**
 * The Fastify plugins of the browser pages: signed cookies (session, flash), Handlebars views, and the `format` route constraint that lets HTML pages and the JSON API
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
    // Compiled once and kept, except under `npm run start:dev` (NODE_ENV=development), where an
    // edited template shows on the next request: recompiling the template and its layout on
    // every render cost a page about 5 ms of CPU.
    production: process.env.NODE_ENV !== 'development',
  });
  app.getHttpAdapter().getInstance().addConstraintStrategy(HTML_FORMAT);
}
