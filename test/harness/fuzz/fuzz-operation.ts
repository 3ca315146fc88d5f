import fc from 'fast-check';
import { TestApp } from '../app';
import { FuzzResponse, ResponseChecks } from './checks';
import { changeCounter, changedTables, tableDigest, TableDigest } from './digest';
import { OpenApiDocument, Operation } from './operations';
import { FuzzRequest, requestArbitrary, truncate } from './requests';
import { FuzzSettings, operationSeed, replayCommand } from './settings';
import { seedWorld } from './world';

/** One failing request, as the survey lists it. */
export interface Finding {
  operation: string;
  problems: string[];
  request: string;
  status: number;
  body: string;
}

class PropertyFailure extends Error {}

/**
 * Runs `settings.runs` generated requests against one operation and returns the failures:
 * the shrunk counterexample (normal mode) or every failing request (survey mode).
 */
export async function fuzzOperation(
  t: TestApp,
  document: OpenApiDocument,
  operation: Operation,
  strayNames: string[],
  settings: FuzzSettings,
): Promise<Finding[] | string> {
  const world = await seedWorld(t);
  const checks = new ResponseChecks(document, operation.path, operation.method);
  const fastify = t.app.getHttpAdapter().getInstance();
  const findings: Finding[] = [];
  let baseline: TableDigest = await tableDigest(t.dataSource);
  let baselineCounter = await changeCounter(t.dataSource);

  const send = async (request: FuzzRequest): Promise<FuzzResponse> => {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (request.caller !== 'anonymous') {
      headers.authorization = world.callers[request.caller].auth.Authorization;
    }
    const payload = request.payload;
    if (payload !== undefined) {
      headers['content-type'] = 'application/json';
    }
    const res = await fastify.inject({
      method: request.method as 'GET',
      url: request.url,
      headers,
      payload,
    });
    let json: unknown;
    try {
      json = JSON.parse(res.body);
    } catch {
      json = undefined;
    }
    return {
      status: res.statusCode,
      contentType: String(res.headers['content-type'] ?? ''),
      text: res.body,
      json,
    };
  };

  const property = fc.asyncProperty(
    requestArbitrary(operation, world.pools, strayNames),
    async (request) => {
      const res = await send(request);
      const problems = checks.problemsOf(res);
      const counter = await changeCounter(t.dataSource);
      if (counter !== baselineCounter) {
        const after = await tableDigest(t.dataSource);
        if (res.status >= 400) {
          const changed = changedTables(baseline, after);
          if (changed.length > 0) {
            problems.push(`an error answer changed rows of: ${changed.join(', ')}`);
          }
        }
        baseline = after;
        baselineCounter = counter;
      }
      if (problems.length === 0) {
        return;
      }
      const finding: Finding = {
        operation: operation.key,
        problems,
        request: request.toString(),
        status: res.status,
        body: truncate(res.text, 600),
      };
      if (settings.survey) {
        findings.push(finding);
        return;
      }
      throw new PropertyFailure(describeFinding(finding));
    },
  );

  const seed = operationSeed(settings.seed, operation.key);
  const details = await fc.check(property, { numRuns: settings.runs, seed });
  if (settings.survey) {
    return findings;
  }
  if (!details.failed) {
    return [];
  }
  const error = details.errorInstance;
  const message = error instanceof PropertyFailure ? error.message : String(error);
  return (
    `${message}\n  after ${details.numRuns} runs and ${details.numShrinks} shrinks ` +
    `(fast-check seed ${seed}, path "${details.counterexamplePath}")\n` +
    `  replay: ${replayCommand(settings, operation.key)}`
  );
}

export function describeFinding(finding: Finding): string {
  return (
    `${finding.operation}: ${finding.problems.join('; ')}\n` +
    `  request: ${finding.request}\n` +
    `  response: ${finding.status} ${finding.body}`
  );
}
