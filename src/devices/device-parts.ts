import { HardwarePart } from '../catalogue/hardware-part.entity';
import { ShownUplink } from './uplink.view';

/** A device's hardware part as records show it. */
export type ShownHardwarePart = Pick<HardwarePart, 'id' | 'part_number' | 'wifi_uplink' | 'usb'>;

/**
 * A device with the parts its record shows, read as raw rows of exactly these
 * columns: never a hydrated entity, no date the record does not show.
 */
export interface DeviceWithParts {
  id: number;
  mac_id: string;
  serial: string | null;
  organisation_id: number;
  location_network_id: number | null;
  name: string | null;
  label: string | null;
  hardware_part: ShownHardwarePart | null;
  /** Its live uplinks, by id. */
  uplinks: ShownUplink[];
  /** Its tags' names in name order; undefined when they were not asked for. */
  tag_list?: string[];
}

/** A raw row of the device page statement (DevicesRepository.findDetailed). */
export interface DevicePartsRow {
  id: number | string;
  mac_id: string;
  serial: string | null;
  organisation_id: number | string;
  location_network_id: number | string | null;
  name: string | null;
  label: string | null;
  hp_id: number | string | null;
  hp_part_number: string | null;
  /** A boolean on PostgreSQL, 0 or 1 on SQLite. */
  hp_wifi_uplink: boolean | number | null;
  hp_usb: boolean | number | null;
}

/** The columns that DevicePartsRow names, of `devices` d LEFT JOIN `hardware_parts` hp. */
export const DEVICE_PARTS_COLUMNS =
  'd."id" AS id, d."mac_id" AS mac_id, d."serial" AS serial, ' +
  'd."organisation_id" AS organisation_id, d."location_network_id" AS location_network_id, ' +
  'd."name" AS name, d."label" AS label, hp."id" AS hp_id, hp."part_number" AS hp_part_number, ' +
  'hp."wifi_uplink" AS hp_wifi_uplink, hp."usb" AS hp_usb';

const idOrNull = (value: number | string | null): number | null =>
  value === null ? null : Number(value);

/** A device page row with its uplinks and tags as the record shows them. */
export function deviceWithParts(
  row: DevicePartsRow,
  uplinks: ShownUplink[],
  tagList: string[] | undefined,
): DeviceWithParts {
  return {
    id: Number(row.id),
    mac_id: row.mac_id,
    serial: row.serial,
    organisation_id: Number(row.organisation_id),
    location_network_id: idOrNull(row.location_network_id),
    name: row.name,
    label: row.label,
    hardware_part:
      row.hp_id === null
        ? null
        : {
            id: Number(row.hp_id),
            part_number: row.hp_part_number!,
            wifi_uplink: Boolean(row.hp_wifi_uplink),
            usb: Boolean(row.hp_usb),
          },
    uplinks,
    tag_list: tagList,
  };
}
