import { readId, UNMATCHED_ID } from '../common/ids/id';

/** Targets of an upgrade (SPEC 2.5) grouped by kind, with the entries that are malformed. */
export interface UpgradeTargets {
  deviceIds: number[];
  networkIds: number[];
  tagIds: number[];
  /**
   * Entries whose id is an integer outside 1..2147483647, as `AP:<id>`, `network:<id>` or
   * `tag:<id>`: they match no record and are answered like an id of no device, network or tag.
   */
  unmatched: { devices: string[]; groups: string[] };
  /** Entries that are not `AP:<id>`, `network:<id>` or `tag:<id>` with an integer id. */
  malformed: string[];
}

const KINDS = { ap: 'deviceIds', network: 'networkIds', tag: 'tagIds' } as const;
const LABELS = { ap: 'AP', network: 'network', tag: 'tag' } as const;

/** Parses `aps` entries; the prefix is case-insensitive and surrounding spaces are ignored. */
export function parseTargets(entries: string[]): UpgradeTargets {
  const ids = {
    deviceIds: new Set<number>(),
    networkIds: new Set<number>(),
    tagIds: new Set<number>(),
  };
  const unmatched = { devices: new Set<string>(), groups: new Set<string>() };
  const malformed: string[] = [];
  for (const entry of entries) {
    const match = /^(ap|network|tag):(\S+)$/i.exec(entry.trim());
    const id = match ? readId(match[2]) : undefined;
    if (!match || id === undefined) {
      malformed.push(entry);
      continue;
    }
    const kind = match[1].toLowerCase() as keyof typeof KINDS;
    if (id === UNMATCHED_ID) {
      const label = `${LABELS[kind]}:${match[2]}`;
      (kind === 'ap' ? unmatched.devices : unmatched.groups).add(label);
      continue;
    }
    ids[KINDS[kind]].add(id);
  }
  return {
    deviceIds: [...ids.deviceIds],
    networkIds: [...ids.networkIds],
    tagIds: [...ids.tagIds],
    unmatched: { devices: [...unmatched.devices], groups: [...unmatched.groups] },
    malformed,
  };
}
