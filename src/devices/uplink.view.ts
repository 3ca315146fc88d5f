import { Uplink } from './uplink.entity';

/**
 * An uplink as device records (SPEC 2.2) and the device configuration (DEVICES 4) show it: the
 * fields of the template detail it was built from, then its id, type and deleted flag. One rule,
 * so that the record and the configuration a device receives never describe an uplink apart.
 */
export type UplinkView = Record<string, unknown> & {
  id: number;
  uplink_type: string;
  is_deleted: boolean;
};

/** What the view is built from: an uplink row's shown columns. */
export type UplinkViewSource = Pick<Uplink, 'id' | 'uplink_type' | 'details' | 'is_deleted'>;

export const uplinkView = (uplink: UplinkViewSource): UplinkView => ({
  ...uplink.details,
  id: uplink.id,
  uplink_type: uplink.uplink_type,
  is_deleted: uplink.is_deleted,
});
