/** What one device check-in records in the heartbeat record; undefined: not reported. */
export interface CheckinHeartbeat {
  device_id: number;
  /** The device's organisation (heartbeats keep it for the UP counts). */
  organisation_id: number;
  at: Date;
  name?: string;
  firmware_version?: string;
  hardware_model?: string;
  /** The device's network name at the check-in (null in none). */
  network_name: string | null;
  public_ip: string;
  clients?: number;
  uptime_seconds?: number;
  applied_revision?: string;
  config_error?: { revision: string; message: string };
  /** With `stations`: their live values (JSON text) and digest (see station-plan.ts). */
  stations?: { live: string; digest: string };
}

/**
 * Two check-ins of one device folded into one record that, written once, leaves the heartbeat
 * record as writing `earlier` then `later` would: the later check-in's fields, with name,
 * firmware and hardware model it omits kept from the earlier one, and likewise the
 * applied revision, the configuration error and the stations. A buffer of check-ins keeps one per device.
 */
export function foldCheckins(earlier: CheckinHeartbeat, later: CheckinHeartbeat): CheckinHeartbeat {
  return {
    ...later,
    name: later.name ?? earlier.name,
    firmware_version: later.firmware_version ?? earlier.firmware_version,
    hardware_model: later.hardware_model ?? earlier.hardware_model,
    applied_revision: later.applied_revision ?? earlier.applied_revision,
    config_error: later.config_error ?? earlier.config_error,
    stations: later.stations ?? earlier.stations,
  };
}
