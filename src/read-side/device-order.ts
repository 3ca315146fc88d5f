/**
 * The orders a list of devices can be read in (the console's Sort by): as claimed (by id), by
 * name or MAC, or by when last heard from, most recent first (`recent`) or longest silent first
 * (`silent`). Devices never heard from come last in both; ties go by id, so pages never overlap.
 */
export const DEVICE_ORDERS = ['id', 'name', 'mac', 'recent', 'silent'] as const;
export type DeviceOrder = (typeof DEVICE_ORDERS)[number];

/**
 * The ORDER BY terms of an order over `devices` d LEFT JOIN `heartbeats` h, the same on SQLite
 * and PostgreSQL: nulls are placed by an explicit `IS NULL` term, as the two order them apart.
 */
export function deviceOrderSql(order: DeviceOrder): string {
  switch (order) {
    case 'name':
      return '(d."name" IS NULL), LOWER(d."name"), d."id"';
    case 'mac':
      return 'd."mac_id", d."id"';
    case 'recent':
      return '(h."received_at" IS NULL), h."received_at" DESC, d."id"';
    case 'silent':
      return '(h."received_at" IS NULL), h."received_at", d."id"';
    case 'id':
      return 'd."id"';
  }
}
