/**
 * The byte comparison: before anything is measured, each scenario's probe is sent to Airfleet and
 * to the bare server, one after the other on the same data, and the two answers (status and body)
 * must be identical. A difference fails the scenario and shows where the answers part: the JSON
 * path of the first differing value and the bytes around the first differing byte.
 */
import { Probe } from './scenarios';

export interface Answer {
  status: number;
  body: string;
}

export async function fetchProbe(base: string, probe: Probe): Promise<Answer> {
  const response = await fetch(`${base}${probe.path}`, {
    method: probe.method,
    headers: probe.headers,
    body: probe.body,
  });
  return { status: response.status, body: await response.text() };
}

function firstDifferingPath(a: unknown, b: unknown, path = '$'): string | null {
  if (a === b) {
    return null;
  }
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) {
    return path;
  }
  if (Array.isArray(a) !== Array.isArray(b)) {
    return path;
  }
  const keysA = Object.keys(a);
  const keysB = Object.keys(b);
  for (let i = 0; i < Math.max(keysA.length, keysB.length); i++) {
    if (keysA[i] !== keysB[i]) {
      return `${path}: keys ${JSON.stringify(keysA)} vs ${JSON.stringify(keysB)}`;
    }
    const key = keysA[i];
    const found = firstDifferingPath(
      (a as Record<string, unknown>)[key],
      (b as Record<string, unknown>)[key],
      Array.isArray(a) ? `${path}[${key}]` : `${path}.${key}`,
    );
    if (found) {
      return found;
    }
  }
  return null;
}

/** Null when the answers are identical, else a description of the first difference. */
export function difference(airfleet: Answer, bare: Answer): string | null {
  if (airfleet.status === bare.status && airfleet.body === bare.body) {
    return null;
  }
  let at = 0;
  while (at < airfleet.body.length && airfleet.body[at] === bare.body[at]) {
    at++;
  }
  const around = (body: string) => JSON.stringify(body.slice(Math.max(0, at - 80), at + 80));
  let path: string | null = null;
  try {
    path = firstDifferingPath(JSON.parse(airfleet.body), JSON.parse(bare.body));
  } catch {
    path = null;
  }
  return [
    `status ${airfleet.status} (Airfleet) vs ${bare.status} (bare); bodies of ${airfleet.body.length} and ${bare.body.length} bytes, first difference at byte ${at}`,
    ...(path ? [`first differing JSON value: ${path}`] : []),
    `  Airfleet: …${around(airfleet.body)}…`,
    `  bare:     …${around(bare.body)}…`,
  ].join('\n');
}
