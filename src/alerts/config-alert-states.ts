import { Injectable } from '@nestjs/common';
import { configSync, storedRevision } from '../device-config/config-sync';
import { DeviceRecordRowsRepository } from '../read-side/device-record-rows.repository';
import { ConfigAlertState } from './alert-decisions';
import { AlertsRepository } from './alerts.repository';

/**
 * The organisation's open config_failed alerts with their devices' configuration sync as the
 * device records show it (the same rows and the same sync rule), for the evaluation to resolve
 * them from the devices' state. Nothing is read beyond the open alerts when there are none.
 */
@Injectable()
export class ConfigAlertStates {
  constructor(
    private readonly alerts: AlertsRepository,
    private readonly rows: DeviceRecordRowsRepository,
  ) {}

  async of(orgId: number): Promise<ConfigAlertState[]> {
    const open = await this.alerts.openOf(orgId, { type: 'config_failed' });
    const deviceIds = [
      ...new Set(open.flatMap((a) => (a.device_id === null ? [] : [a.device_id]))),
    ];
    const rows = deviceIds.length === 0 ? [] : await this.rows.find(orgId, { ids: deviceIds });
    const sync = new Map(
      rows.map(({ device, report, config_revision }) => [
        device.id,
        configSync(storedRevision(device.id, config_revision), report),
      ]),
    );
    return open.map((alert) => ({
      id: alert.id,
      revision: alert.data.revision,
      device: (alert.device_id === null ? undefined : sync.get(alert.device_id)) ?? null,
    }));
  }
}
