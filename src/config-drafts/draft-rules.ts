import { alreadyTaken } from '../database/unique-violation';
import { changesOf, MASKED } from '../event-log/changes';
import { mergeSsidInput } from '../network-ssids/network-ssid.validation';
import { NetworkSsidView, SECRET_FIELDS, ssidView } from '../network-ssids/network-ssid.view';
import { ShownSsid } from '../network-ssids/stored-ssid';
import { DraftSsid } from './network-draft.entity';

/** The most SSIDs a draft may hold. */
export const MAX_DRAFT_SSIDS = 64;

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const shown = (value: unknown): string =>
  typeof value === 'string' || typeof value === 'number' ? String(value) : JSON.stringify(value);

/**
 * Reads a draft's `ssids`: each entry is the whole content of one SSID as an SSID create takes it
 * (a field it leaves out takes create's default, and every create rule applies), plus an optional
 * `id` naming one of the network's SSIDs (`networkSsidIds`) whose identity it keeps, each id at
 * most once. Names must be unique within the draft only: it replaces the network's SSIDs as a
 * whole. Every problem is named by the entry's 0-based index (`ssids[2].ssid_name …`).
 */
export function readDraftSsids(
  raw: unknown,
  networkSsidIds: ReadonlySet<number>,
): { rows: DraftSsid[]; errors: string[] } {
  if (!Array.isArray(raw)) {
    return { rows: [], errors: ['ssids must be an array'] };
  }
  if (raw.length > MAX_DRAFT_SSIDS) {
    return { rows: [], errors: [`ssids must hold at most ${MAX_DRAFT_SSIDS} entries`] };
  }
  const errors: string[] = [];
  const rows: DraftSsid[] = [];
  const ids = new Set<number>();
  const names = new Set<string>();
  raw.forEach((entry: unknown, i) => {
    const at = `ssids[${i}]`;
    if (!isPlainObject(entry)) {
      errors.push(`${at} must be an object`);
      return;
    }
    let id: number | null = null;
    if (entry.id !== undefined && entry.id !== null) {
      if (typeof entry.id !== 'number' || !networkSsidIds.has(entry.id)) {
        errors.push(`${at}.id ${shown(entry.id)} is not an SSID of this network`);
      } else if (ids.has(entry.id)) {
        errors.push(`${at}.id ${entry.id} is given more than once`);
      } else {
        id = entry.id;
        ids.add(id);
      }
    }
    const merged = mergeSsidInput(null, entry);
    errors.push(...merged.errors.map((message) => `${at}.${message}`));
    const name = merged.values.ssid_name;
    if (name && names.has(name)) {
      errors.push(`${at}.${alreadyTaken('ssid_name')} in this draft`);
    }
    names.add(name);
    rows.push({ id, values: merged.values });
  });
  return { rows, errors };
}

/** A draft's SSID as SSID show returns it (`id` null for a new one), secrets only `withSecrets`. */
export function draftSsidView(
  networkId: number,
  row: DraftSsid,
  withSecrets: boolean,
): NetworkSsidView {
  return ssidView(asShown(networkId, row), withSecrets);
}

const asShown = (networkId: number, row: DraftSsid): ShownSsid =>
  ({ id: row.id, location_network_id: networkId, ...row.values }) as unknown as ShownSsid;

/** What a diff shows of an SSID: every field, the secret ones masked when set. */
function maskedView(ssid: ShownSsid): NetworkSsidView {
  const view = ssidView(ssid, true);
  for (const field of SECRET_FIELDS) {
    if (view[field] !== null) {
      view[field] = MASKED;
    }
  }
  return view;
}

export interface DraftDiff {
  added: NetworkSsidView[];
  removed: { id: number; ssid_name: string }[];
  changed: {
    id: number;
    ssid_name: string;
    changes: Record<string, { from: unknown; to: unknown }>;
  }[];
}

const IDENTITY = new Set(['id', 'location_network_id']);

/**
 * What publishing the draft would change in the network's SSIDs now (`live`): the SSIDs it adds
 * (in draft order), removes (by id) and changes (in draft order, each field that differs as
 * `{from, to}`); SSIDs it leaves equal appear nowhere. Secrets are masked on both sides.
 */
export function draftDiff(
  networkId: number,
  live: readonly ShownSsid[],
  rows: readonly DraftSsid[],
): DraftDiff {
  const byId = new Map(live.map((ssid) => [ssid.id, ssid]));
  const kept = new Set(rows.flatMap((row) => (row.id === null ? [] : [row.id])));
  const diff: DraftDiff = { added: [], removed: [], changed: [] };
  for (const row of rows) {
    const before = row.id === null ? undefined : byId.get(row.id);
    if (!before) {
      diff.added.push(maskedView(asShown(networkId, { ...row, id: null })));
      continue;
    }
    const from = ssidView(before, true);
    const to = ssidView(asShown(networkId, row), true);
    const fields = Object.keys(to).filter((field) => !IDENTITY.has(field));
    const changes = changesOf(from, to, fields, [...SECRET_FIELDS]);
    if (Object.keys(changes).length > 0) {
      diff.changed.push({ id: before.id, ssid_name: row.values.ssid_name, changes });
    }
  }
  for (const ssid of [...live].sort((a, b) => a.id - b.id)) {
    if (!kept.has(ssid.id)) {
      diff.removed.push({ id: ssid.id, ssid_name: ssid.ssid_name });
    }
  }
  return diff;
}
