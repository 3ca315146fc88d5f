import type { ApiResponse } from './http';

/** Errors and anomalies of a run, grouped by kind with a count and one example each. */
export class Tally {
  total = 0;
  private readonly kinds = new Map<string, { count: number; example: string }>();

  add(kind: string, example: string): void {
    this.total++;
    const entry = this.kinds.get(kind);
    if (entry) {
      entry.count++;
    } else {
      this.kinds.set(kind, { count: 1, example });
    }
  }

  /** The kinds, most frequent first. */
  list(): { kind: string; count: number; example: string }[] {
    return [...this.kinds.entries()]
      .map(([kind, entry]) => ({ kind, ...entry }))
      .sort((a, b) => b.count - a.count);
  }
}

/** `POST /device/v1/checkin → 401 1036` for an answer, `upgrade: <message>` for a thrown error. */
export function describeFailure(what: string, detail: unknown): { kind: string; example: string } {
  if (isResponse(detail)) {
    const body = detail.body as { error_code?: unknown } | null;
    const code = typeof body?.error_code === 'number' ? ` ${body.error_code}` : '';
    return {
      kind: `${what} → ${detail.status}${code}`,
      example: JSON.stringify(detail.body)?.slice(0, 300) ?? '',
    };
  }
  const message = errorMessage(detail);
  return { kind: `${what}: ${message}`, example: message };
}

function isResponse(detail: unknown): detail is ApiResponse {
  return typeof detail === 'object' && detail !== null && 'status' in detail && 'headers' in detail;
}

/** An error's message with its cause (fetch says only "fetch failed" without it). */
export function errorMessage(error: unknown): string {
  if (!(error instanceof Error)) {
    return String(error);
  }
  return error.cause instanceof Error ? `${error.message}: ${error.cause.message}` : error.message;
}
