import { Injectable } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { In } from 'typeorm';
import { AlertWatch } from './alert-watch.entity';

/** The clients_above watches (since when a device has been above a rule's threshold). */
@Injectable()
export class AlertWatchesRepository {
  constructor(private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>) {}

  private get manager() {
    return this.txHost.tx;
  }

  watchesOf(orgId: number, ruleId: number): Promise<AlertWatch[]> {
    return this.manager
      .getRepository(AlertWatch)
      .findBy({ organisation_id: orgId, alert_rule_id: ruleId });
  }

  async watch(orgId: number, ruleId: number, deviceIds: number[], since: Date): Promise<void> {
    if (deviceIds.length > 0) {
      await this.manager.getRepository(AlertWatch).insert(
        deviceIds.map((device_id) => ({
          organisation_id: orgId,
          alert_rule_id: ruleId,
          device_id,
          since,
        })),
      );
    }
  }

  async unwatch(orgId: number, ruleId: number, deviceIds: number[]): Promise<void> {
    if (deviceIds.length > 0) {
      await this.manager
        .getRepository(AlertWatch)
        .delete({ organisation_id: orgId, alert_rule_id: ruleId, device_id: In(deviceIds) });
    }
  }

  async unwatchRule(orgId: number, ruleId: number): Promise<void> {
    await this.manager
      .getRepository(AlertWatch)
      .delete({ organisation_id: orgId, alert_rule_id: ruleId });
  }
}
