/** The largest id a target may name (ids are 32-bit integers in both databases). */
const MAX_ID = 2_147_483_647;

/** Targets of an upgrade (SPEC 2.5) grouped by kind, with the entries that are malformed. */
export interface UpgradeTargets {
  deviceIds: number[];
  networkIds: number[];
  tagIds: number[];
  /** Entries that are not `AP:<id>`, `network:<id>` or `tag:<id>` with a positive integer id. */
  malformed: string[];
}

const KINDS = { ap: 'deviceIds', network: 'networkIds', tag: 'tagIds' } as const;

/** Parses `aps` entries; the prefix is case-insensitive and surrounding spaces are ignored. */
export function parseTargets(entries: string[]): UpgradeTargets {
  const ids = {
    deviceIds: new Set<number>(),
    networkIds: new Set<number>(),
    tagIds: new Set<number>(),
  };
  const malformed: string[] = [];
  for (const entry of entries) {
    const match = /^(ap|network|tag):(\d{1,10})$/i.exec(entry.trim());
    const id = match ? Number(match[2]) : 0;
    if (!match || id < 1 || id > MAX_ID) {
      malformed.push(entry);
      continue;
    }
    ids[KINDS[match[1].toLowerCase() as keyof typeof KINDS]].add(id);
  }
  return {
    deviceIds: [...ids.deviceIds],
    networkIds: [...ids.networkIds],
    tagIds: [...ids.tagIds],
    malformed,
  };
}

/** The target entry a single device's upgrade records. */
export const deviceTarget = (deviceId: number) => `AP:${deviceId}`;
