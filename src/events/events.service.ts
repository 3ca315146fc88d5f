import { Injectable } from '@nestjs/common';
import { AuthUser } from '../common/auth/auth-user';
import { ValidationFailedError } from '../common/errors';
import { normaliseMac } from '../common/mac/mac';
import { reversedWindow } from '../common/time-window/time-window';
import { networkNotFound } from '../networks/networks.errors';
import { NetworkAccessPolicy } from '../networks/network-access.policy';
import { EventsQueryDto } from './dto/events.query';
import { selectTypes, typesOf } from '../event-log/event-types';
import { EventView, toEventView } from '../event-log/event.view';
import { EventQuery, EventsRepository } from '../event-log/events.repository';

const DEFAULT_LIMIT = 100;

/**
 * The events a caller may read: admins every event of their organisation, members
 * those whose network is one they may read. With `after`, the feed (ascending ids, no gaps);
 * else newest first.
 */
@Injectable()
export class EventsService {
  constructor(
    private readonly events: EventsRepository,
    private readonly access: NetworkAccessPolicy,
  ) {}

  async list(user: AuthUser, input: EventsQueryDto): Promise<EventView[]> {
    const query = this.query(input);
    if (input.network_id !== undefined) {
      await this.access.readable(user, input.network_id, networkNotFound);
      query.networkId = input.network_id;
    }
    const readable = await this.access.readableNetworkIds(user);
    if (readable !== 'all') {
      query.networkIds = readable;
    }
    return (await this.events.list(user.organisation_id, query)).map(toEventView);
  }

  /** The query the parameters ask for; 422 1030 naming each one that cannot be read. */
  private query(input: EventsQueryDto): EventQuery {
    const problems: string[] = [];
    let types: string[] | undefined;
    if (input.type !== undefined) {
      const selection = selectTypes(input.type);
      if (selection.unknown.length > 0) {
        problems.push(`type has unknown event types: ${selection.unknown.join(', ')}`);
      }
      types = typesOf(selection);
    }
    let mac: string | undefined;
    if (input.mac_id !== undefined) {
      mac = normaliseMac(input.mac_id) ?? undefined;
      if (mac === undefined) {
        problems.push('mac_id must be a MAC address');
      }
    }
    const since = input.since === undefined ? undefined : new Date(input.since);
    const until = input.until === undefined ? undefined : new Date(input.until);
    problems.push(...reversedWindow(since, until));
    if (input.after !== undefined && input.before !== undefined) {
      problems.push('after and before cannot be used together');
    }
    if (problems.length > 0) {
      throw new ValidationFailedError(problems);
    }
    return {
      types,
      mac,
      since,
      until,
      after: input.after,
      before: input.before,
      limit: input.limit ?? DEFAULT_LIMIT,
    };
  }
}
