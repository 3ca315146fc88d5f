import { ApiProperty } from '@nestjs/swagger';
import {
  AnyObject,
  ArrayOf,
  Data,
  DateTime,
  DEVICE_REF_SCHEMA,
  Envelope,
  Int,
  NETWORK_REF_SCHEMA,
  NullableObject,
  Str,
} from '../../common/openapi/response-schema';
import { EVENT_TYPES } from '../../event-log/event-types';

/** One event. */
export class EventResponse {
  @Int({ description: 'Ascends in commit order within the organisation: the feed cursor' })
  id: number;

  @ApiProperty({ enum: EVENT_TYPES })
  type: string;

  @DateTime()
  occurred_at: string;

  @NullableObject(NETWORK_REF_SCHEMA, {
    description:
      "The device's network when the event happened (the one it enters for device.claimed and " +
      'device.moved, the one it leaves for device.released and device.removed); null for none',
  })
  network: { id: number; network_name: string } | null;

  @NullableObject(DEVICE_REF_SCHEMA, { description: 'The device as it was; null for none' })
  device: { id: number; mac_id: string; name: string | null } | null;

  @ApiProperty({
    description:
      'Who caused it: a user (through the API or the console), the command line, the device ' +
      'itself, or the service (`system`: every consequence it derived)',
    oneOf: [
      {
        type: 'object',
        required: ['type', 'id', 'email', 'via'],
        properties: {
          type: { type: 'string', enum: ['user'] },
          id: { type: 'integer' },
          email: { type: 'string' },
          via: { type: 'string', enum: ['api', 'console'] },
        },
      },
      {
        type: 'object',
        required: ['type'],
        properties: { type: { type: 'string', enum: ['cli', 'device', 'system'] } },
      },
    ],
  })
  actor: Record<string, unknown>;

  @AnyObject({
    description:
      'Per type. device.claimed, device.released, device.removed: `{network_id}`; ' +
      'device.moved: `{from_network_id, to_network_id}`; device.up: `{down_since}` (ISO time it ' +
      'went DOWN, null when never heard from); device.down: `{last_seen_time}` (Unix seconds of ' +
      'its last heartbeat); device.config_applied: `{revision, in_sync}`; ' +
      'device.config_failed: `{revision, message}`; device.labelled: `{changes}`; upgrade.created, updated, deleted: ' +
      '`{upgrade_id, version, rollout_id}`; upgrade.started, done, failed, cancelled: ' +
      '`{upgrade_id, version, previous_version, rollout_id, error}`; rollout.*: `{rollout_id, ' +
      'version, stage, failure_percent, reason}`; network.*: `{network_name}` (+ `changes` on ' +
      'update); ssid.*: `{ssid_id, ssid_name, changes}`; config.published: `{config_version, diff}` ' +
      "(the published draft's diff, secrets masked); uplinks.applied: `{init_template_id}`; " +
      'tags.updated: `{tag_list}`; grant.*: `{user_id, network_id, level}`. `changes` is ' +
      '`{field: {from, to}}`, secrets shown as `********`.',
  })
  data: Record<string, unknown>;
}

const EventsData = Data('EventsData', { events: ArrayOf(() => EventResponse) });

/** `GET /v1/events`: `{data: {events}, status: 200}`. */
export const EventsResponse = Envelope('EventsResponse', () => EventsData);

export class AvailabilityInterval {
  @Str({ enum: ['UP', 'DOWN', 'UNKNOWN'] })
  state: string;

  @DateTime()
  from: string;

  @DateTime()
  to: string;
}

export class AvailabilityData {
  @Str()
  mac_id: string;

  @DateTime()
  since: string;

  @DateTime()
  until: string;

  @ApiProperty({
    type: 'number',
    nullable: true,
    description: 'UP time ÷ (UP + DOWN time) × 100, two decimals; null when both are zero',
  })
  uptime_percent: number | null;

  @ArrayOf(() => AvailabilityInterval, {
    description: 'Cover [since, until] (or now, when until is later) in order, without gaps',
  })
  intervals: AvailabilityInterval[];
}

/** `GET /v1/access_points/availability`: `{data: {mac_id, since, until, …}, status: 200}`. */
export const AvailabilityResponse = Envelope('AvailabilityResponse', () => AvailabilityData);
