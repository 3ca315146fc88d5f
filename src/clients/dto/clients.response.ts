import {
  ArrayOf,
  Bool,
  DateTime,
  DEVICE_REF_SCHEMA,
  Envelope,
  Int,
  NullableObject,
  Data,
  NETWORK_REF_SCHEMA,
  Of,
  Str,
} from '../../common/openapi/response-schema';
import { ApiProperty } from '@nestjs/swagger';
import { PageData } from '../../common/pagination/pagination.response';

const BAND = { enum: ['2.4', '5', '6'], example: '5' };

/** A Wi-Fi client's session on one device. */
export class ClientSessionResponse {
  @Int()
  id: number;

  @Str({ example: 'A4:83:E7:12:34:56' })
  client_mac: string;

  @ApiProperty({
    ...(DEVICE_REF_SCHEMA as object),
    description: 'The device it is (was) associated with',
  })
  device: { id: number; mac_id: string; name: string | null };

  @NullableObject(NETWORK_REF_SCHEMA, {
    description: "The device's network when the session started; null: in none",
  })
  network: { id: number; network_name: string } | null;

  @Str({ example: 'Guest' })
  ssid: string;

  @Str(BAND)
  band: string;

  @Int({ nullable: true, example: 36 })
  channel: number | null;

  @Int({ nullable: true, example: -61, description: 'Latest signal, dBm' })
  rssi: number | null;

  @Int({ nullable: true, example: -74, description: 'Lowest signal of the session, dBm' })
  rssi_min: number | null;

  @Int({ nullable: true })
  tx_rate_kbps: number | null;

  @Int({ nullable: true })
  rx_rate_kbps: number | null;

  @Int({ nullable: true, description: 'Bytes sent to it on this device (latest report)' })
  tx_bytes: number | null;

  @Int({ nullable: true, description: 'Bytes received from it on this device (latest report)' })
  rx_bytes: number | null;

  @Str({ nullable: true, example: '10.0.0.23' })
  ip: string | null;

  @Str({ nullable: true, example: 'pixel-7' })
  hostname: string | null;

  @DateTime({ description: 'The first check-in of the device that listed it' })
  started_at: string;

  @DateTime({ description: 'The latest check-in of the device that listed it' })
  last_seen_at: string;

  @DateTime({
    nullable: true,
    description:
      'null while open. Else the first later check-in of the device without it, the check-in ' +
      "of the device it roamed to, the device's last heartbeat when it went DOWN, or its removal",
  })
  ended_at: string | null;

  @NullableObject(DEVICE_REF_SCHEMA, {
    description: 'The device of the session this one ended by a roam; null when none',
  })
  roamed_from: { id: number; mac_id: string; name: string | null } | null;
}

/** A Wi-Fi client as its newest session describes it. */
export class ClientResponse {
  @Str({ example: 'A4:83:E7:12:34:56' })
  mac: string;

  @Str({ nullable: true })
  hostname: string | null;

  @Str({ nullable: true })
  ip: string | null;

  @Bool({ description: 'Its newest session is open' })
  connected: boolean;

  @ApiProperty({ ...(DEVICE_REF_SCHEMA as object) })
  device: { id: number; mac_id: string; name: string | null };

  @NullableObject(NETWORK_REF_SCHEMA)
  network: { id: number; network_name: string } | null;

  @Str()
  ssid: string;

  @Str(BAND)
  band: string;

  @Int({ nullable: true })
  channel: number | null;

  @Int({ nullable: true })
  rssi: number | null;

  @DateTime({
    description:
      'The start of the newest run of sessions joined by roams: a client roaming between ' +
      'devices stays connected since it first associated',
  })
  connected_since: string;

  @DateTime()
  last_seen_at: string;

  @Int({ nullable: true })
  tx_bytes: number | null;

  @Int({ nullable: true })
  rx_bytes: number | null;

  @Int({ minimum: 0, description: 'Its sessions that started in the last 24 hours' })
  sessions_today: number;
}

const ClientsData = PageData('ClientsData', 'clients', () => ClientResponse);
export const ClientsEnvelope = Envelope('ClientsResponse', () => ClientsData);

const ClientData = Data('ClientData', {
  client: Of(() => ClientResponse),
  sessions: ArrayOf(() => ClientSessionResponse, {
    description: 'Its 20 newest sessions, newest first',
  }),
});
export const ClientEnvelope = Envelope('ClientResponseEnvelope', () => ClientData);

const SessionsData = PageData('ClientSessionsData', 'sessions', () => ClientSessionResponse);
export const ClientSessionsEnvelope = Envelope('ClientSessionsResponse', () => SessionsData);

const ErasedData = Data('ClientErasedData', {
  sessions_deleted: Int({ minimum: 1, description: 'How many sessions were erased' }),
});
export const ClientErasedEnvelope = Envelope('ClientErasedResponse', () => ErasedData);
