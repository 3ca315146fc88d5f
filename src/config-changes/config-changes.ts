import { Change, ChangePartKey } from '../fleet-change/change';

/** What a change changed of the configurations devices receive. */
export interface ConfigScope {
  /** Networks whose own configuration (name, time zone, SSIDs) changed: all their devices. */
  networkIds?: readonly number[];
  /** Devices whose own part (network, name, label, uplinks) changed, or that were created. */
  deviceIds?: readonly number[];
}

/**
 * The stored configuration revisions' part of a change (registered by config-revisions/):
 * every change of what a device's configuration is built from says so here, after its writes,
 * and the devices' stored revisions are brought up to date at once, in the change's transaction,
 * in a constant number of statements whatever the number of devices, so that what the change
 * reads next (its answer's device records) and every read after it commits see them exact.
 */
export interface ConfigChanges {
  changed(scope: ConfigScope): Promise<void>;
}

/** The key of the configuration revisions' part of a change. */
export const CONFIG_CHANGES = new ChangePartKey<ConfigChanges>('configuration revisions');

/** Says that this change changed the configuration of these networks' devices or these devices. */
export const configChanged = (change: Change, scope: ConfigScope): Promise<void> =>
  change.part(CONFIG_CHANGES).changed(scope);
