import { Injectable } from '@nestjs/common';
import { AuthUser } from '../common/auth/auth-user';
import { ValidationFailedError } from '../common/errors';
import { normaliseMac } from '../common/mac/mac';
import { timeWindow } from '../common/time-window/time-window';
import { DevicesRepository } from '../devices/devices.repository';
import { NetworkAccessPolicy } from '../networks/network-access.policy';
import { availability, Transition } from './availability';
import { AvailabilityQueryDto } from './dto/availability.query';
import { availabilityDeviceNotFound } from './events.errors';
import { EventsRepository } from '../event-log/events.repository';

/** The longest window asked for. */
const MAX_DAYS = 90;

/** What GET /v1/access_points/availability answers. */
export interface AvailabilityView {
  mac_id: string;
  since: string;
  until: string;
  uptime_percent: number | null;
  intervals: { state: string; from: string; to: string }[];
}

/**
 * A device's availability over a window, from its device.up and device.down events: two
 * statements (the state before the window, the transitions inside) after the device.
 * The intervals end at `until`, or now when `until` is later (what follows is not known yet).
 */
@Injectable()
export class AvailabilityService {
  constructor(
    private readonly events: EventsRepository,
    private readonly devices: DevicesRepository,
    private readonly access: NetworkAccessPolicy,
  ) {}

  async of(user: AuthUser, query: AvailabilityQueryDto): Promise<AvailabilityView> {
    const { since, until, problems } = timeWindow(query, MAX_DAYS);
    if (problems.length > 0) {
      throw new ValidationFailedError(problems);
    }
    const mac = normaliseMac(query.mac_id);
    const orgId = user.organisation_id;
    const [device] = mac ? await this.devices.findPlain(orgId, { macs: [mac] }) : [];
    const readable = device ? await this.access.readableNetworkIds(user) : 'all';
    if (
      !device ||
      (readable !== 'all' &&
        (device.location_network_id === null || !readable.includes(device.location_network_id)))
    ) {
      throw availabilityDeviceNotFound();
    }
    const end = new Date(Math.min(until.getTime(), Date.now()));
    const transitions: Transition[] = (
      await this.events.transitionsOf(orgId, device.id, since, end)
    ).map((event) => ({ type: event.type as Transition['type'], at: event.occurred_at }));
    const result = availability(transitions, since, end < since ? since : end);
    return {
      mac_id: device.mac_id,
      since: since.toISOString(),
      until: until.toISOString(),
      uptime_percent: result.uptime_percent,
      intervals: result.intervals.map((interval) => ({
        state: interval.state,
        from: interval.from.toISOString(),
        to: interval.to.toISOString(),
      })),
    };
  }
}
