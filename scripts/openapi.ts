/**
 * Writes the OpenAPI document the service serves at /docs-json to openapi.json (repo root), from
 * the application booted on an in-memory SQLite database. `--check` fails instead of writing when
 * the committed file differs, so an API change always shows in review.
 *
 *   npm run openapi            regenerate src/metadata.ts and openapi.json
 *   npm run openapi -- --check fail when either is out of date
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createApp } from '../src/app.factory';
import { openApiDocument } from '../src/app.openapi';
import { loadAppConfig } from '../src/config/app-config';

const ROOT = join(__dirname, '..');
export const OPENAPI_FILE = join(ROOT, 'openapi.json');

async function main(): Promise<void> {
  const check = process.argv.includes('--check');
  const config = loadAppConfig({ DATABASE_PATH: ':memory:', LOG_LEVEL: 'silent' });
  const app = await createApp(config, { embedded: true });
  await app.init();
  const text = `${JSON.stringify(openApiDocument(app), null, 2)}\n`;
  await app.close();
  if (!check) {
    writeFileSync(OPENAPI_FILE, text);
    return;
  }
  if (readFileSync(OPENAPI_FILE, 'utf8') !== text) {
    process.stderr.write('openapi.json is out of date: run `npm run openapi` and commit it.\n');
    process.exitCode = 1;
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
