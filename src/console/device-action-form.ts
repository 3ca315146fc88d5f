import { labelProblem } from '../access-points/dto/device-label.dto';
import { formFields } from '../web/form';
import { deviceListQuery, DeviceListQuery } from './console-query';

/**
 * What a device action form asks: one of the actions, on the devices it names (`macs`) or on
 * every device the device list's filters match (`filter`, `macs` empty until they are read).
 */
export type DeviceActionForm = (
  | { kind: 'move'; macs: string[]; networkId: number }
  | { kind: 'release' | 'remove'; macs: string[] }
  | { kind: 'tags'; macs: string[]; tags: string[] }
  | { kind: 'uplinks'; macs: string[]; templateId: number }
  | { kind: 'label'; macs: string[]; label: string | null }
) & { filter?: DeviceListQuery };

/** The most tags and the longest tag the tag route takes (SetDeviceTagsDto). */
const MAX_TAGS = 100;
const MAX_TAG_LENGTH = 255;

const texts = (value: unknown): string[] =>
  (Array.isArray(value) ? value : [value])
    .filter((entry): entry is string => typeof entry === 'string')
    .flatMap((entry) => entry.split(','))
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');

const positiveId = (value: unknown): number | null => {
  const id = Number(value);
  return value !== '' && Number.isSafeInteger(id) && id > 0 ? id : null;
};

/**
 * Reads a posted device action: `action` (move, release, remove, tags, uplinks), `devices` (the ticked
 * MACs, one value each, or one MAC) or `scope=matching` with `filter` (the device list's filters
 * as a query string: every device they match), `network_id` for a move, `tags` (comma-separated,
 * none clears them) for tags, `init_template_id` for uplinks (apply_configuration), `label` for
 * one device's label (empty clears it). A form that
 * cannot be carried out says why, as its page shows it.
 */
export function deviceActionOf(body: unknown): DeviceActionForm | { problem: string } {
  const form = formFields(body);
  const action = actionOf(form);
  if ('problem' in action || form.scope !== 'matching') {
    return action;
  }
  if (typeof form.filter !== 'string') {
    return { problem: 'The filters of the devices to act on are missing: select them again.' };
  }
  const read = deviceListQuery(Object.fromEntries(new URLSearchParams(form.filter)));
  const filter: DeviceListQuery = {
    page: 1,
    network: read.network,
    status: read.status,
    firmware: read.firmware,
    q: read.q,
    tag: read.tag,
    sync: read.sync,
  };
  return { ...action, macs: [], filter };
}

function actionOf(form: Record<string, unknown>): DeviceActionForm | { problem: string } {
  const macs = texts(form.devices);
  if (macs.length === 0 && form.scope !== 'matching') {
    return { problem: 'Tick at least one device.' };
  }
  switch (form.action) {
    case 'move': {
      const networkId = positiveId(form.network_id);
      return networkId !== null
        ? { kind: 'move', macs, networkId }
        : { problem: 'Choose the network to move the devices to.' };
    }
    case 'uplinks': {
      const templateId = positiveId(form.init_template_id);
      return templateId !== null
        ? { kind: 'uplinks', macs, templateId }
        : { problem: 'Choose the uplink template to apply to the devices.' };
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
    case 'label': {
      // One device's own name: never every match of a filter. An empty field clears it.
      if (macs.length !== 1 || form.scope === 'matching') {
        return { problem: 'Label one device at a time.' };
      }
      const label = typeof form.label === 'string' && form.label !== '' ? form.label : null;
      const problem = labelProblem(label);
      return problem === null
        ? { kind: 'label', macs, label }
        : { problem: `${problem.charAt(0).toUpperCase()}${problem.slice(1)}.` };
    }
    default:
      return { problem: 'Choose what to do with the devices.' };
  }
}
