import { ConfigSync } from '../device-config/config-sync';
import { uplinkView, UplinkView } from '../devices/uplink.view';
import { ShownPendingUpgrade } from '../firmware/upgrade.entity';
import { DetailedDevice } from './device-records.service';

/** A device record as every operation returns it. */
export interface DeviceView {
  id: number;
  mac_id: string;
  serial: string | null;
  location_network_id: number | null;
  organisation_id: number;
  name: string | null;
  /** The operator's name for the device (null: none). */
  label: string | null;
  hardware_part: { id: number; part_number: string; wifi_uplink: boolean; usb: boolean } | null;
  uplinks: UplinkView[];
  tag_list: string[];
  pending_upgrade: PendingUpgradeView | null;
  /** The configuration the device should run and whether it does. */
  config: ConfigSync;
}

export interface PendingUpgradeView {
  id: number;
  version: string;
  upgrade_type: string;
  schedule_type: string;
  schedule_at: string | null;
  time_zone: string | null;
  status: string;
}

const pendingUpgradeView = (upgrade: ShownPendingUpgrade): PendingUpgradeView => ({
  id: upgrade.id,
  version: upgrade.version,
  upgrade_type: upgrade.upgrade_type,
  schedule_type: upgrade.schedule_type,
  schedule_at: upgrade.schedule_at ? upgrade.schedule_at.toISOString() : null,
  time_zone: upgrade.time_zone,
  status: upgrade.status,
});

export function deviceView(device: DetailedDevice): DeviceView {
  const part = device.hardware_part;
  return {
    id: device.id,
    mac_id: device.mac_id,
    serial: device.serial,
    location_network_id: device.location_network_id,
    organisation_id: device.organisation_id,
    name: device.name,
    label: device.label,
    hardware_part: part
      ? { id: part.id, part_number: part.part_number, wifi_uplink: part.wifi_uplink, usb: part.usb }
      : null,
    uplinks: (device.uplinks ?? []).map(uplinkView),
    tag_list: device.tag_list ?? [],
    pending_upgrade: device.pending_upgrade ? pendingUpgradeView(device.pending_upgrade) : null,
    config: { ...device.config },
  };
}
