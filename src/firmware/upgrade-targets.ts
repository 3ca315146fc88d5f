import { readId, UNMATCHED_ID } from '../common/ids/id';

/** Targets of an upgrade grouped by kind, with the entries that are malformed. */
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

/**
 * What is wrong with parsed targets once read (as upgrades answer it): entries that are
 * malformed, network or tag ids that are not the organisation's, or AP ids of no device of it
 * (`invalid`, in that order of precedence), or no device matched at all (`none`); null when fine.
 */
export function targetProblem(
  targets: UpgradeTargets,
  facts: {
    ownNetworkIds: ReadonlySet<number>;
    ownTagIds: ReadonlySet<number>;
    deviceIds: ReadonlySet<number>;
  },
): { invalid: string[] } | 'none' | null {
  if (targets.malformed.length > 0) {
    return { invalid: targets.malformed };
  }
  const foreign = [
    ...targets.networkIds.filter((id) => !facts.ownNetworkIds.has(id)).map((id) => `network:${id}`),
    ...targets.tagIds.filter((id) => !facts.ownTagIds.has(id)).map((id) => `tag:${id}`),
    ...targets.unmatched.groups,
  ];
  if (foreign.length > 0) {
    return { invalid: foreign };
  }
  if (facts.deviceIds.size === 0) {
    return 'none';
  }
  const unknownAps = [
    ...targets.deviceIds.filter((id) => !facts.deviceIds.has(id)).map((id) => `AP:${id}`),
    ...targets.unmatched.devices,
  ];
  return unknownAps.length > 0 ? { invalid: unknownAps } : null;
}
