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

/**
 * A value of an SSID field in words: "not set", "Yes"/"No", the text; a list as its entries
 * joined by "; ", an entry with fields as "Field: value" pairs (no JSON on the page).
 */
export function shownValue(value: unknown): string {
  if (value === null || value === undefined || value === '') {
    return 'not set';
  }
  if (typeof value === 'boolean') {
    return value ? 'Yes' : 'No';
  }
  if (Array.isArray(value)) {
    return value.length === 0 ? 'none' : value.map(shownValue).join('; ');
  }
  if (isObject(value)) {
    const fields = Object.entries(value).filter(([, field]) => field !== null);
    return fields.length === 0
      ? 'not set'
      : fields.map(([field, inner]) => `${readablePath(field)}: ${shownValue(inner)}`).join(', ');
  }
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/**
 * An SSID field's value as lines of the diff: a group of fields (the VLAN) as one line per field
 * it sets, under the path's label ("VLAN ID"); anything else as one line.
 */
function leaves(field: string, value: unknown): [string, unknown][] {
  if (!isObject(value)) {
    return [[field, value]];
  }
  return Object.entries(value).flatMap(([name, inner]) => leaves(`${field}.${name}`, inner));
}

const labelOf = (field: string) => SSID_FIELD_LABELS[field] ?? readablePath(field);

/**
 * The fields of a change that differ: a group of fields (the VLAN) compared field by field, each
 * one that changes a line of its own; a field the group gains or loses reads "not set" on the
 * side that lacks it.
 */
function changedLeaves(field: string, from: unknown, to: unknown): [string, unknown, unknown][] {
  if (!isObject(from) || !isObject(to)) {
    if (isObject(from) && (to === null || to === undefined)) {
      return leaves(field, from).map(([path, value]) => [path, value, null]);
    }
    if (isObject(to) && (from === null || from === undefined)) {
      return leaves(field, to).map(([path, value]) => [path, null, value]);
    }
    return [[field, from, to]];
  }
  const names = [...new Set([...Object.keys(from), ...Object.keys(to)])];
  return names.flatMap((name) =>
    JSON.stringify(from[name] ?? null) === JSON.stringify(to[name] ?? null)
      ? []
      : changedLeaves(`${field}.${name}`, from[name] ?? null, to[name] ?? null),
  );
}

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
        .filter(([field]) => !IDENTITY.has(field))
        .flatMap(([field, value]) => leaves(field, value))
        .filter(([, value]) => value !== null)
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
      changes: Object.entries(isObject(ssid.changes) ? ssid.changes : {}).flatMap(
        ([field, change]) => {
          const { from, to } = isObject(change) ? change : { from: null, to: null };
          return changedLeaves(field, from, to).map(([path, before, after]) => ({
            label: labelOf(path),
            from: shownValue(before),
            to: shownValue(after),
          }));
        },
      ),
    }));
  return {
    empty: added.length + removed.length + changed.length === 0,
    added,
    removed,
    changed,
  };
}
