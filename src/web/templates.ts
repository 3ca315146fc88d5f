import { readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import Handlebars from 'handlebars';

/** Templates are named by their path under src/ (dist/src/ once built): `web/views/login.hbs`. */
export const TEMPLATE_ROOT = resolve(__dirname, '..');

/** The folders of partials, under TEMPLATE_ROOT: each `name.hbs` is the partial `name`. */
const PARTIAL_FOLDERS = [
  'web/views/partials',
  'console/views/partials',
  'config-rollouts/pages/views/partials',
];

/** Every partial by name, as @fastify/view takes them (paths under TEMPLATE_ROOT). */
export function partials(): Record<string, string> {
  return Object.fromEntries(
    PARTIAL_FOLDERS.flatMap((folder) =>
      readdirSync(join(TEMPLATE_ROOT, folder))
        .filter((file) => file.endsWith('.hbs'))
        .map((file) => [file.slice(0, -'.hbs'.length), `${folder}/${file}`]),
    ),
  );
}

/**
 * The attributes that tie an input to its hint (`<id>-hint`, when `hint=true`) and to the
 * messages of its refusal (`<id>-error`, the `field-error` partial), and mark it invalid.
 */
export function fieldAria(id: string, messages: unknown, hint: boolean): string {
  const invalid = Array.isArray(messages) && messages.length > 0;
  if (hint) {
    return invalid
      ? ` aria-describedby="${id}-hint ${id}-error" aria-invalid="true"`
      : ` aria-describedby="${id}-hint"`;
  }
  return invalid ? ` aria-invalid="true" aria-describedby="${id}-error"` : '';
}

/** The Handlebars of the pages, with their few helpers. */
export function templateEngine(): typeof Handlebars {
  const engine = Handlebars.create();
  engine.registerHelper('eq', (a: unknown, b: unknown) => a === b);
  /** `(when filtered "No alerts in this state." "No alerts.")`: one of two values. */
  engine.registerHelper('when', (condition: unknown, yes: unknown, no: unknown) =>
    condition ? yes : no,
  );
  /** `(concat "/devices/" id "/actions")`: the texts and values in one, escaped where shown. */
  engine.registerHelper('concat', (...parts: unknown[]) => parts.slice(0, -1).join(''));
  engine.registerHelper(
    'fieldAria',
    (id: string, messages: unknown, options: Handlebars.HelperOptions) =>
      new engine.SafeString(
        fieldAria(engine.escapeExpression(id), messages, options.hash.hint === true),
      ),
  );
  return engine;
}
