/** What a device last reported about its configuration, as heartbeats keep it. */
export interface ConfigReport {
  applied_revision: string | null;
  config_error_revision: string | null;
  config_error_message: string | null;
}

/** The `config` block of a device record. */
export interface ConfigSync {
  /** The revision of the configuration the device should run now. */
  revision: string;
  /** The revision it last reported running; null before its first report. */
  applied_revision: string | null;
  in_sync: boolean;
  /** The last error reported for the current revision while the device does not run it. */
  error: string | null;
}

/**
 * Compares the current revision with the device's last report. An error is shown only while it is
 * about the current revision and the device does not run that revision: an error about an older
 * configuration, or one the device later applied after all, says nothing about now.
 */
export function configSync(revision: string, report: ConfigReport | null): ConfigSync {
  const applied = report?.applied_revision ?? null;
  const inSync = applied === revision;
  const error =
    !inSync && report?.config_error_revision === revision
      ? (report.config_error_message ?? null)
      : null;
  return { revision, applied_revision: applied, in_sync: inSync, error };
}

/**
 * The stored current revision of a device (Device.config_revision), which every change of its
 * configuration keeps (config-revisions/): none is a broken invariant, never an answer.
 */
export function storedRevision(deviceId: number, revision: string | null): string {
  if (revision === null) {
    throw new Error(`device ${deviceId} has no stored configuration revision`);
  }
  return revision;
}
