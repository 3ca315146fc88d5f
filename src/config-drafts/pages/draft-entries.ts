import { createHash } from 'node:crypto';
import { NetworkSsidView } from '../../network-ssids/network-ssid.view';

/**
 * The SSIDs of a draft (or of the network, to start one) as a draft write takes them: each the
 * whole content of its SSID as shown with full access, keeping the id of the SSID it stands for
 * (null for a new one). The network of each is the draft's own, so it is left out.
 */
export function draftEntries(ssids: readonly NetworkSsidView[]): Record<string, unknown>[] {
  return ssids.map((ssid) => {
    const entry: Record<string, unknown> = { ...ssid };
    delete entry.location_network_id;
    return entry;
  });
}

/**
 * The entries with the one at `index` (0-based) given the form's `input` over its content (the
 * fields the form leaves out keep their value), or `input` added at the end when `index` is the
 * number of entries.
 */
export function withEntry(
  entries: readonly Record<string, unknown>[],
  index: number,
  input: Record<string, unknown>,
): Record<string, unknown>[] {
  const next = [...entries];
  next[index] = { ...(entries[index] ?? {}), ...input };
  return next;
}

/** The entries without the one at `index`. */
export const withoutEntry = (
  entries: readonly Record<string, unknown>[],
  index: number,
): Record<string, unknown>[] => entries.filter((_, k) => k !== index);

/**
 * A refusal of a draft write as the SSID form shows it: the API names each problem by its entry
 * (`ssids[2].ssid_name has already been taken in this draft`); the form shows one SSID, and a
 * problem of another entry that its change causes (a name now taken twice) is about the same
 * field, so every message loses its entry's name and begins with the field it is about.
 */
export const entryMessages = (messages: readonly string[]): string[] =>
  messages.map((message) => message.replace(/^ssids\[\d+\]\./, ''));

/**
 * What a draft's forms carry of the draft they were opened on: a digest of its SSIDs, so that a
 * post after the draft changed (another user, another tab) is refused rather than applied to
 * the entry now at the position it names. The page that carries it shows the SSIDs themselves.
 */
export const draftFingerprint = (ssids: readonly NetworkSsidView[]): string =>
  createHash('sha256').update(JSON.stringify(ssids)).digest('base64url').slice(0, 22);
