/** The mask of a secret field in `changes`, whatever its values were. */
export const MASKED = '********';

/**
 * `changes` of an update event: `{field: {from, to}}` for each of these fields
 * whose stored value changed (compared as JSON, so lists and objects compare by content);
 * secret fields show the mask on both sides.
 */
export function changesOf(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
  fields: readonly string[],
  secret: readonly string[] = [],
): Record<string, { from: unknown; to: unknown }> {
  const changes: Record<string, { from: unknown; to: unknown }> = {};
  for (const field of fields) {
    const from = before[field] ?? null;
    const to = after[field] ?? null;
    if (JSON.stringify(from) !== JSON.stringify(to)) {
      changes[field] = secret.includes(field) ? { from: MASKED, to: MASKED } : { from, to };
    }
  }
  return changes;
}
