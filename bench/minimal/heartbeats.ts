/** A check-in's heartbeat fields, as the minimal server writes them (null: not reported). */
export interface Heartbeat {
  device_id: number;
  organisation_id: number;
  name: string | null;
  firmware_version: string | null;
  network_name: string | null;
  hardware_model: string | null;
  public_ip: string;
  at: Date;
  clients: number | null;
  uptime_seconds: number | null;
  applied_revision: string | null;
  config_error: { revision: string; message: string } | null;
}

/**
 * One statement for a batch: the rows as arrays (one parameter per column, so the text and its
 * prepared plan stay the same whatever the batch's size), one row per device (the later check-in
 * over the earlier, what it omits kept), upserted with Airfleet's rules: name, firmware, model,
 * applied revision and configuration error kept when a check-in omits them.
 */
export function heartbeatUpsert(batch: Heartbeat[]): { text: string; values: unknown[] } {
  const byDevice = new Map<number, Heartbeat>();
  for (const later of batch) {
    const earlier = byDevice.get(later.device_id);
    byDevice.set(
      later.device_id,
      earlier
        ? {
            ...later,
            name: later.name ?? earlier.name,
            firmware_version: later.firmware_version ?? earlier.firmware_version,
            hardware_model: later.hardware_model ?? earlier.hardware_model,
            applied_revision: later.applied_revision ?? earlier.applied_revision,
            config_error: later.config_error ?? earlier.config_error,
          }
        : later,
    );
  }
  const rows = [...byDevice.values()];
  const column = <T>(pick: (row: Heartbeat) => T) => rows.map(pick);
  return {
    text: `INSERT INTO heartbeats (device_id, organisation_id, name, firmware_version,
         network_name, hardware_model, public_ip, received_at, checked_in_at, clients,
         uptime_seconds, applied_revision, config_error_revision, config_error_message)
       SELECT v.d, v.o, v.n, v.f, v.nn, v.h, v.ip, v.at, v.at, v.c, v.u, v.ar, v.er, v.em
       FROM unnest($1::int[], $2::int[], $3::text[], $4::text[], $5::text[], $6::text[],
         $7::text[], $8::timestamptz[], $9::int[], $10::int[], $11::text[], $12::text[],
         $13::text[]) AS v(d, o, n, f, nn, h, ip, at, c, u, ar, er, em)
       WHERE EXISTS (SELECT 1 FROM devices WHERE devices.id = v.d)
       ON CONFLICT (device_id) DO UPDATE SET
         name = COALESCE(EXCLUDED.name, heartbeats.name),
         firmware_version = COALESCE(EXCLUDED.firmware_version, heartbeats.firmware_version),
         hardware_model = COALESCE(EXCLUDED.hardware_model, heartbeats.hardware_model),
         network_name = EXCLUDED.network_name, public_ip = EXCLUDED.public_ip,
         received_at = EXCLUDED.received_at, checked_in_at = EXCLUDED.checked_in_at,
         clients = EXCLUDED.clients, uptime_seconds = EXCLUDED.uptime_seconds,
         applied_revision = COALESCE(EXCLUDED.applied_revision, heartbeats.applied_revision),
         config_error_revision = COALESCE(EXCLUDED.config_error_revision,
           heartbeats.config_error_revision),
         config_error_message = CASE WHEN EXCLUDED.config_error_revision IS NULL
           THEN heartbeats.config_error_message ELSE EXCLUDED.config_error_message END`,
    values: [
      column((r) => r.device_id),
      column((r) => r.organisation_id),
      column((r) => r.name),
      column((r) => r.firmware_version),
      column((r) => r.network_name),
      column((r) => r.hardware_model),
      column((r) => r.public_ip),
      column((r) => r.at),
      column((r) => r.clients),
      column((r) => r.uptime_seconds),
      column((r) => r.applied_revision),
      column((r) => r.config_error?.revision ?? null),
      column((r) => r.config_error?.message ?? null),
    ],
  };
}
