import { changesOf } from '../event-log/changes';
import { EventActor } from '../event-log/event.entity';
import { eventOf } from '../event-log/event-of';
import { NewEvent } from '../event-log/events.repository';
import { SECRET_FIELDS, ssidView } from './network-ssid.view';
import { ShownSsid } from './stored-ssid';

const IDENTITY = new Set(['id', 'location_network_id']);

/**
 * An SSID event (`{ssid_id, ssid_name, changes}`): `changes` holds each field of
 * the SSID record that differs between `before` (null for a create) and `after` (null for a
 * delete), the WPA key masked on both sides.
 */
export function ssidEvent(
  type: 'ssid.created' | 'ssid.updated' | 'ssid.deleted',
  ids: { ssid_id: number; network: { id: number; network_name: string } },
  before: ShownSsid | null,
  after: ShownSsid | null,
  by: { actor: EventActor; at: Date },
): NewEvent {
  const from = before ? ssidView(before, true) : {};
  const to = after ? ssidView(after, true) : {};
  const fields = [...new Set([...Object.keys(from), ...Object.keys(to)])].filter(
    (field) => !IDENTITY.has(field),
  );
  return eventOf(
    type,
    { device: null, network: ids.network },
    {
      ssid_id: ids.ssid_id,
      ssid_name: (after ?? before)?.ssid_name ?? null,
      changes: changesOf({ ...from }, { ...to }, type === 'ssid.deleted' ? [] : fields, [
        ...SECRET_FIELDS,
      ]),
    },
    by,
  );
}
