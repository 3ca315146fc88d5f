import { SSID_FIELD_LABELS } from '../../network-routes/pages/ssid-labels';
import { readablePath } from '../../web/form';

/** A field of an SSID as the diff shows it: its label and its value in words. */
export interface DiffField {
  label: string;
  value: string;
}

/** A field that changes: its label and both values in words. */
export interface DiffChange {
  label: string;
  from: string;
  to: string;
}

/** A diff of a network's SSIDs as the pages show it (views/partials/ssid-diff.hbs). */
export interface SsidDiffLines {
  /** Nothing would change. */
  empty: boolean;
  added: { name: string; fields: DiffField[] }[];
  removed: { id: number; name: string }[];
  changed: { id: number; name: string; changes: DiffChange[] }[];
}

const IDENTITY = new Set(['id', 'location_network_id', 'ssid_name']);

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A value of an SSID field in words: "not set", "Yes"/"No", the text, or its JSON. */
export function shownValue(value: unknown): string {
  if (value === null || value === undefined || value === '') {
    return 'not set';
  }
  if (typeof value === 'boolean') {
    return value ? 'Yes' : 'No';
  }
  return typeof value === 'string' || typeof value === 'number'
    ? String(value)
    : JSON.stringify(value);
}

const labelOf = (field: string) => SSID_FIELD_LABELS[field] ?? readablePath(field);

const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

/**
 * The diff of a draft, or the one a configuration rollout recorded, in words: the SSIDs added
 * with the fields they set, removed, and changed field by field. Secrets stay as the API masks
 * them (`********` on both sides); nothing here unmasks or shortens a value.
 */
export function ssidDiffLines(diff: Record<string, unknown>): SsidDiffLines {
  const added = list(diff.added)
    .filter(isObject)
    .map((ssid) => ({
      name: String(ssid.ssid_name),
      fields: Object.entries(ssid)
        .filter(([field, value]) => !IDENTITY.has(field) && value !== null)
        .map(([field, value]) => ({ label: labelOf(field), value: shownValue(value) })),
    }));
  const removed = list(diff.removed)
    .filter(isObject)
    .map((ssid) => ({ id: Number(ssid.id), name: String(ssid.ssid_name) }));
  const changed = list(diff.changed)
    .filter(isObject)
    .map((ssid) => ({
      id: Number(ssid.id),
      name: String(ssid.ssid_name),
      changes: Object.entries(isObject(ssid.changes) ? ssid.changes : {}).map(([field, change]) => {
        const { from, to } = isObject(change) ? change : { from: null, to: null };
        return { label: labelOf(field), from: shownValue(from), to: shownValue(to) };
      }),
    }));
  return {
    empty: added.length + removed.length + changed.length === 0,
    added,
    removed,
    changed,
  };
}
