import { writeFileSync } from 'node:fs';
import jestOpenAPI from 'jest-openapi';
import { onBothDatabases } from './harness/app';
import { changeCounter, changedTables, tableDigest } from './harness/fuzz/digest';
import { describeFinding, Finding, fuzzOperation } from './harness/fuzz/fuzz-operation';
import { OpenApiDocument, Operation, operationsOf, requestNames } from './harness/fuzz/operations';
import { fuzzSettings, replayCommand } from './harness/fuzz/settings';
import { withoutPeriodicWork } from './harness/periodic-work';

/**
 * Property-based fuzzing of every operation of the served OpenAPI document: for
 * each operation, FUZZ_RUNS (default 20) generated requests with hostile path ids,
 * queries and bodies, sent as the organisation admin, a super admin, a member or nobody.
 * Each response must not be a 5xx, must be JSON (an error with `msg` or `message`), must have a
 * status the operation declares and a body matching the declared schema; a request answered
 * with an error must change no row. The seed is fixed unless FUZZ_SEED says otherwise
 * (`npm run fuzz` runs longer with a random seed). Replay one operation with FUZZ_ONLY (a
 * pattern on "METHOD /path"); FUZZ_SURVEY=1 keeps going after failures and writes every failing
 * request to $FUZZ_SURVEY_DIR (default scratch/)/fuzz-survey-<database>.json, grouped in the
 * failure message.
 */
const settings = fuzzSettings();
process.stderr.write(
  `fuzz: seed ${settings.seed}, ${settings.runs} runs per operation; replay with\n  ${replayCommand(settings)}\n`,
);

/** Operations left out, each with its reason (none so far: every operation answers JSON). */
const SKIPPED: Record<string, string> = {};

onBothDatabases('fuzz: every operation of the OpenAPI document', (t) => {
  let document: OpenApiDocument;
  let operations: Operation[];

  beforeAll(async () => {
    const res = await t().http().get('/docs-json').expect(200);
    document = res.body as OpenApiDocument;
    jestOpenAPI(document as never); // the document Nest serves loads into jest-openapi
    operations = operationsOf(document).filter(
      (o) => !(o.key in SKIPPED) && (!settings.only || settings.only.test(o.key)),
    );
  });

  it('finds the operations of the served document', () => {
    expect(document.openapi).toMatch(/^3\./);
    expect(operations.length).toBeGreaterThan(settings.only ? 0 : 40);
  });

  it('checks a real response against the served document with jest-openapi', async () => {
    const res = await t().http().get('/health').expect(200);
    expect(res).toSatisfyApiSpec();
  });

  it('notices a changed row in its table digest (the "no row changed on error" check works)', async () => {
    // The fleet sample a periodic pass may write meanwhile is no change of the fixture's.
    await withoutPeriodicWork(t().app, async () => {
      const before = await tableDigest(t().dataSource);
      const counter = await changeCounter(t().dataSource);
      await t().fixtures.organisation();
      expect(changedTables(before, await tableDigest(t().dataSource))).toEqual(['organisations']);
      expect(await changeCounter(t().dataSource)).not.toBe(counter);
    });
  });

  it(
    'answers every generated request with a declared, well-formed status and body, and changes nothing on error',
    async () => {
      const strayNames = requestNames(operationsOf(document));
      const failures: string[] = [];
      const findings: Finding[] = [];
      for (const operation of operations) {
        // The periodic work every instance runs (the DOWN sweep, fleet samples) is no request's:
        // it waits, so that the rows an error answer left alone are compared with its own.
        const result = await withoutPeriodicWork(t().app, () =>
          fuzzOperation(t(), document, operation, strayNames, settings),
        );
        if (typeof result === 'string') {
          failures.push(result);
        } else {
          findings.push(...result);
        }
      }
      if (settings.survey) {
        const file = `${process.env.FUZZ_SURVEY_DIR || 'scratch'}/fuzz-survey-${t().db}.json`;
        writeFileSync(file, JSON.stringify(findings, null, 1));
        failures.push(...summarise(findings));
      }
      if (failures.length > 0) {
        throw new Error(
          `${failures.length} failing operation(s) on ${t().db} (seed ${settings.seed}):\n\n` +
            failures.join('\n\n'),
        );
      }
    },
    // About 100 ms per request for some 50 operations, plus the boot and the fixtures.
    120_000 + settings.runs * 5_000,
  );
});

/** One line per distinct (operation, problem kind), with a first example. */
function summarise(findings: Finding[]): string[] {
  const groups = new Map<string, { count: number; first: Finding }>();
  for (const finding of findings) {
    for (const problem of finding.problems) {
      const kind = `${finding.operation} | ${finding.status} | ${problem.replace(/: .*/, '')}`;
      const group = groups.get(kind) ?? { count: 0, first: finding };
      group.count++;
      groups.set(kind, group);
    }
  }
  return [...groups.entries()].map(
    ([kind, { count, first }]) => `[${count}x] ${kind}\n${describeFinding(first)}`,
  );
}
