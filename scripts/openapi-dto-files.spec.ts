import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { DTO_FILE_SUFFIXES } from './openapi-dto-files';

const SRC = join(__dirname, '..', 'src');

function sources(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) {
      return sources(path);
    }
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.spec.ts') ? [path] : [];
  });
}

describe('the classes the OpenAPI generator reads', () => {
  it('include every query DTO a route takes, so that its parameters are documented', () => {
    const files = sources(SRC).map((path) => ({ path, text: readFileSync(path, 'utf8') }));
    const queries = new Set(
      files.flatMap(({ text }) =>
        [...text.matchAll(/@Query\(\)\s*\w+:\s*(\w+Dto)\b/g)].map(([, name]) => name),
      ),
    );
    expect(queries.size).toBeGreaterThan(10);
    const unread = [...queries].flatMap((name) => {
      const home = files.find(({ text }) => new RegExp(`export class ${name}\\b`).test(text));
      const path = home ? relative(SRC, home.path) : `(no file defines ${name})`;
      return DTO_FILE_SUFFIXES.some((suffix) => path.endsWith(suffix)) ? [] : [`${name}: ${path}`];
    });
    expect(unread).toEqual([]);
  });
});
