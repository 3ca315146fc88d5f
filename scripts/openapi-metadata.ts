/**
 * Writes src/metadata.ts: what the @nestjs/swagger compiler plugin reads from the DTO types and
 * their comments (types, optional fields, class-validator rules, descriptions), as plain data.
 * openApiDocument loads it, so the document is the same under `nest build`, ts-node and jest
 * (which compiles file by file and cannot run the plugin). `--check` fails when it is stale.
 */
import { PluginMetadataGenerator } from '@nestjs/cli/lib/compiler/plugins/plugin-metadata-generator';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { DTO_FILE_SUFFIXES } from './openapi-dto-files';

// The package's `./plugin` export (dist/plugin), which this tsconfig's resolution cannot type.
const { ReadonlyVisitor } =
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  require('@nestjs/swagger/plugin') as typeof import('@nestjs/swagger/dist/plugin');

const SOURCE = join(__dirname, '..', 'src');

function generate(filename: string): void {
  new PluginMetadataGenerator().generate({
    visitors: [
      new ReadonlyVisitor({
        classValidatorShim: true,
        introspectComments: true,
        dtoFileNameSuffix: DTO_FILE_SUFFIXES,
        pathToSource: SOURCE,
      }),
    ],
    outputDir: SOURCE,
    filename,
    tsconfigPath: 'tsconfig.build.json',
    printDiagnostics: false,
  });
}

if (process.argv.includes('--check')) {
  generate('metadata.check.ts');
  const fresh = readFileSync(join(SOURCE, 'metadata.check.ts'), 'utf8');
  rmSync(join(SOURCE, 'metadata.check.ts'));
  if (fresh !== readFileSync(join(SOURCE, 'metadata.ts'), 'utf8')) {
    process.stderr.write('src/metadata.ts is out of date: run `npm run openapi` and commit it.\n');
    process.exitCode = 1;
  }
} else {
  generate('metadata.ts');
}
