/** What a device action form asks (issue 29): one of the actions, on the devices it names. */
export type DeviceActionForm =
  | { kind: 'move'; macs: string[]; networkId: number }
  | { kind: 'release' | 'remove'; macs: string[] }
  | { kind: 'tags'; macs: string[]; tags: string[] };

/** The most tags and the longest tag the tag route takes (SetDeviceTagsDto). */
const MAX_TAGS = 100;
const MAX_TAG_LENGTH = 255;

const texts = (value: unknown): string[] =>
  (Array.isArray(value) ? value : [value])
    .filter((entry): entry is string => typeof entry === 'string')
    .flatMap((entry) => entry.split(','))
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');

/**
 * Reads a posted device action: `action` (move, release, remove, tags), `devices` (the ticked
 * MACs, one value each, or one MAC), `network_id` for a move, `tags` (comma-separated, none
 * clears them) for tags. A form that cannot be carried out says why, as its page shows it.
 */
export function deviceActionOf(body: unknown): DeviceActionForm | { problem: string } {
  const form = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  const macs = texts(form.devices);
  if (macs.length === 0) {
    return { problem: 'Tick at least one device.' };
  }
  switch (form.action) {
    case 'move': {
      const networkId = Number(form.network_id);
      return Number.isSafeInteger(networkId) && networkId > 0
        ? { kind: 'move', macs, networkId }
        : { problem: 'Choose the network to move the devices to.' };
    }
    case 'release':
    case 'remove':
      return { kind: form.action, macs };
    case 'tags': {
      const tags = [...new Set(texts(form.tags))];
      if (tags.length > MAX_TAGS || tags.some((tag) => tag.length > MAX_TAG_LENGTH)) {
        return { problem: `At most ${MAX_TAGS} tags of at most ${MAX_TAG_LENGTH} characters.` };
      }
      return { kind: 'tags', macs, tags };
    }
    default:
      return { problem: 'Choose what to do with the devices.' };
  }
}
