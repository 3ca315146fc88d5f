import { Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { AuthUser } from '../common/auth/auth-user';
import { ForbiddenError, ValidationFailedError } from '../common/errors';
import { DAY_MS, timeWindow } from '../common/time-window/time-window';
import { APP_CONFIG_KEY, AppConfig } from '../config/app-config';
import { Scheduler } from '../background/scheduler';
import { UnitOfWork } from '../database/unit-of-work';
import { upSince } from '../device-state/device-liveness';
import { networkNotFound } from '../networks/networks.errors';
import { NetworkAccessPolicy } from '../networks/network-access.policy';
import { FleetTalliesRepository } from '../read-side/fleet-tallies.repository';
import { FleetHistoryQueryDto } from './dto/fleet-history.query';
import { FleetSample, WHOLE_ORGANISATION } from './fleet-sample.entity';
import { FleetSamplesRepository } from './fleet-samples.repository';

/** The most samples one read answers. */
const MAX_SAMPLES = 1000;

export interface FleetHistoryView {
  interval_seconds: number;
  samples: { at: string; devices: number; up: number; down: number; clients: number }[];
}

/** The start of the sampling interval that holds `at`. */
export function sampleSlot(at: Date, intervalSeconds: number): Date {
  const ms = intervalSeconds * 1000;
  return new Date(Math.floor(at.getTime() / ms) * ms);
}

/**
 * Fleet history: every FLEET_SAMPLE_SECONDS, one sample per organisation and per
 * network. Every instance checks each second whether the current interval's samples exist and,
 * when not, takes them all in one transaction; the unique key (organisation, network, instant)
 * keeps the first instance's, so each exists once however many instances run.
 */
@Injectable()
export class FleetHistoryService {
  constructor(
    private readonly samples: FleetSamplesRepository,
    private readonly tallies: FleetTalliesRepository,
    private readonly access: NetworkAccessPolicy,
    private readonly unitOfWork: UnitOfWork,
    private readonly config: ConfigService,
    scheduler: Scheduler,
  ) {
    scheduler.every('fleet history sample', () => this.sample());
  }

  private get settings(): AppConfig {
    return this.config.getOrThrow<AppConfig>(APP_CONFIG_KEY);
  }

  /** Takes the samples of the interval holding `now`, unless some instance has. */
  async sample(now = new Date()): Promise<boolean> {
    const at = sampleSlot(now, this.settings.fleetSampleSeconds);
    if (await this.samples.taken(at)) {
      return false;
    }
    const since = upSince(now, this.settings.heartbeatTimeoutSeconds);
    await this.unitOfWork.run(async () => {
      const tallies = await this.tallies.all(since);
      await this.samples.insertNew(
        tallies.map((tally) => ({
          organisation_id: tally.organisation_id,
          network_id: tally.network_id ?? WHOLE_ORGANISATION,
          at,
          devices: tally.devices,
          up: tally.up,
          down: Math.max(0, tally.devices - tally.up),
          clients: tally.clients,
        })),
      );
    });
    const retention = this.settings.eventRetentionDays * DAY_MS;
    await this.samples.deleteOlderThan(new Date(now.getTime() - retention));
    return true;
  }

  /**
   * The series of the fleet the caller sees, over the last 24 hours: the organisation's for an
   * admin; for a member, the sum of the networks they may read (instant by instant), so that a
   * member's overview shows their fleet as their network pages do.
   */
  async visibleFleet(user: AuthUser, now = new Date()): Promise<FleetHistoryView> {
    const networkIds = await this.access.readableNetworkIds(user);
    if (networkIds === 'all') {
      return this.history(user, {});
    }
    const since = new Date(now.getTime() - DAY_MS);
    const rows = await this.samples.summedSeries(
      user.organisation_id,
      networkIds,
      since,
      now,
      MAX_SAMPLES,
    );
    return { interval_seconds: this.settings.fleetSampleSeconds, samples: rows.map(sampleView) };
  }

  /**
   * The series the caller asks for: the organisation's (admins only: 403 1029), or a network's
   * it may read (else 404 1001), over [since, until) (default the last 24 hours), oldest first,
   * at most the 1,000 most recent.
   */
  async history(user: AuthUser, query: FleetHistoryQueryDto): Promise<FleetHistoryView> {
    const { since, until, problems } = timeWindow(query);
    if (problems.length > 0) {
      throw new ValidationFailedError(problems);
    }
    let scope = WHOLE_ORGANISATION;
    if (query.network_id !== undefined) {
      scope = (await this.access.readable(user, query.network_id, networkNotFound)).id;
    } else if (user.role !== 'admin') {
      throw new ForbiddenError('Only an organisation admin may do this');
    }
    const rows = await this.samples.series(user.organisation_id, scope, since, until, MAX_SAMPLES);
    return {
      interval_seconds: this.settings.fleetSampleSeconds,
      samples: rows.map(sampleView),
    };
  }
}

const sampleView = (
  row: Pick<FleetSample, 'at' | 'devices' | 'up' | 'down' | 'clients'>,
): FleetHistoryView['samples'][number] => ({
  at: row.at.toISOString(),
  devices: row.devices,
  up: row.up,
  down: row.down,
  clients: row.clients,
});
