/**
 * Writes src/common/time-zones/iana-names.ts: every name of the IANA time zone database, its
 * zones and its links (the old names kept as aliases, such as Asia/Calcutta beside Asia/Kolkata),
 * read from a compiled `tzdata.zi` (the tz database's one-file form, which the tzdata package of
 * Debian and other systems installs in /usr/share/zoneinfo).
 *
 *   npx ts-node --transpile-only scripts/time-zone-names.ts [path/to/tzdata.zi]
 *
 * Run it when the tz database renames or adds a zone, and commit the file it writes.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** The version line and the zone and link names of a tzdata.zi text, sorted, without duplicates. */
export function tzdataNames(text: string): { version: string; names: string[] } {
  const names = new Set<string>();
  let version = 'unknown';
  for (const line of text.split('\n')) {
    const fields = line.trim().split(/\s+/);
    if (fields[0] === '#' && fields[1] === 'version') {
      version = fields[2];
    } else if (fields[0] === 'Z' && fields[1]) {
      names.add(fields[1]);
    } else if (fields[0] === 'L' && fields[2]) {
      names.add(fields[2]);
    }
  }
  return { version, names: [...names].sort() };
}

function main(): void {
  const source = process.argv[2] ?? '/usr/share/zoneinfo/tzdata.zi';
  const { version, names } = tzdataNames(readFileSync(source, 'utf8'));
  const target = join(__dirname, '..', 'src', 'common', 'time-zones', 'iana-names.ts');
  writeFileSync(
    target,
    [
      `// Written by scripts/time-zone-names.ts from the tz database ${version}: do not edit.`,
      '',
      '/** Every zone and link name of the IANA time zone database. */',
      'export const IANA_TIME_ZONE_NAMES: readonly string[] = [',
      ...names.map((name) => `  '${name}',`),
      '];',
      '',
    ].join('\n'),
  );
  console.log(`${names.length} names of the tz database ${version} written to ${target}`);
}

if (require.main === module) {
  main();
}
