import { Injectable, OnModuleInit } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { CONFIG_CHANGES, ConfigScope } from '../config-changes/config-changes';
import { Dialect } from '../database/dialect';
import { DeviceConfigService } from '../device-config/device-config.service';
import { DevicesRepository } from '../devices/devices.repository';
import { ChangeRunner } from '../fleet-change/change-runner.service';
import {
  ConfigSubjectRow,
  ConfigSubjectsRepository,
} from '../read-side/config-subjects.repository';

/** A device whose stored revision is not the revision of the configuration it receives. */
export interface RevisionMismatch {
  organisation_id: number;
  device_id: number;
  mac_id: string;
  /** The revision stored for it (null: none). */
  stored: string | null;
  /** The revision of the configuration it receives now. */
  computed: string;
}

/** What a check found: how many devices it compared, and those whose revision differs. */
export interface RevisionCheck {
  checked: number;
  mismatches: RevisionMismatch[];
}

/** Devices a check reads and renders at once. */
const CHECK_PAGE = 5_000;

/**
 * The stored configuration revisions (Device.config_revision): the revision of the configuration
 * each device receives, kept exact by every change of what it is built from, in that change's
 * transaction, so that the sync reads compare two columns instead of rendering and hashing each
 * device they count.
 *
 * A change says what it changed through its `CONFIG_CHANGES` part (config-changes/), after its
 * writes; the part recomputes, in the process and with the one rule of the configuration
 * (device-config), the revisions of the devices of the networks it names and of the devices it
 * names, and writes those that differ. A constant number of statements whatever their number:
 * the organisation's revision lock (1), the devices with their networks and uplinks (1), their
 * networks' SSIDs (1), one UPDATE of every changed row (1).
 */
@Injectable()
export class ConfigRevisionsService implements OnModuleInit {
  constructor(
    private readonly changes: ChangeRunner,
    private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>,
    private readonly dialect: Dialect,
    private readonly subjects: ConfigSubjectsRepository,
    private readonly configs: DeviceConfigService,
    private readonly devices: DevicesRepository,
  ) {}

  /** Adds the stored revisions to every change: brought up to date when the work says so. */
  onModuleInit(): void {
    this.changes.register(CONFIG_CHANGES, {
      open: (change) => ({ changed: (scope) => this.refresh(change.orgId, scope) }),
    });
  }

  /**
   * Brings the stored revisions of the organisation's devices in these networks and of these
   * devices up to date, in the caller's transaction (which must be one). The revision lock comes
   * first: a change that commits while this one waits is read whole, and one that waits for this
   * one reads what this one wrote, so that concurrent changes never leave a stale revision.
   */
  async refresh(orgId: number, scope: ConfigScope): Promise<void> {
    const networkIds = [...new Set(scope.networkIds ?? [])];
    const deviceIds = [...new Set(scope.deviceIds ?? [])];
    if (networkIds.length + deviceIds.length === 0) {
      return;
    }
    await this.dialect.lockConfigRevisions(this.txHost.tx, orgId);
    const rows = await this.subjects.of(orgId, { networkIds, deviceIds });
    const changed = (await this.compared(orgId, rows)).map(
      ({ device_id, computed }): [number, string] => [device_id, computed],
    );
    await this.devices.setConfigRevisions(orgId, changed);
  }

  /**
   * Every device whose stored revision differs from the revision of the configuration it
   * receives, in every organisation (or in this one), recomputed from what it is built from:
   * the check that the revisions stay exact. Reads the devices in pages of 5,000.
   */
  async check(orgId?: number): Promise<RevisionCheck> {
    const organisations = orgId === undefined ? await this.subjects.organisationIds() : [orgId];
    const found: RevisionMismatch[] = [];
    let checked = 0;
    for (const organisation of organisations) {
      let after = 0;
      for (;;) {
        const rows = await this.subjects.page(organisation, after, CHECK_PAGE);
        checked += rows.length;
        found.push(...(await this.compared(organisation, rows)));
        if (rows.length < CHECK_PAGE) {
          break;
        }
        after = rows[rows.length - 1].id;
      }
    }
    return { checked, mismatches: found };
  }

  /**
   * Stores the computed revision of every device whose stored one differs, in every organisation
   * (or in this one): for rows written past the application's changes (test fixtures, a fix made
   * by hand). Answers how many it rewrote.
   */
  async repair(orgId?: number): Promise<number> {
    const { mismatches } = await this.check(orgId);
    const byOrganisation = new Map<number, [number, string][]>();
    for (const { organisation_id, device_id, computed } of mismatches) {
      const rows = byOrganisation.get(organisation_id) ?? [];
      rows.push([device_id, computed]);
      byOrganisation.set(organisation_id, rows);
    }
    for (const [organisation, rows] of byOrganisation) {
      await this.devices.setConfigRevisions(organisation, rows);
    }
    return mismatches.length;
  }

  /** The rows whose stored revision is not the one computed now (one statement: the SSIDs). */
  private async compared(orgId: number, rows: ConfigSubjectRow[]): Promise<RevisionMismatch[]> {
    if (rows.length === 0) {
      return [];
    }
    const networks = new Map(
      rows.flatMap(({ network }) => (network ? [[network.id, network] as const] : [])),
    );
    const current = await this.configs.currentFor(orgId, rows, networks);
    return rows.flatMap((row) => {
      const computed = current.get(row.id)!.revision;
      return computed === row.config_revision
        ? []
        : [
            {
              organisation_id: orgId,
              device_id: row.id,
              mac_id: row.mac_id,
              stored: row.config_revision,
              computed,
            },
          ];
    });
  }
}
