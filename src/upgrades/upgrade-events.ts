import { EventSubject } from '../devices/device-subjects.repository';
import { eventOf } from '../event-log/event-of';
import { EventActor } from '../event-log/event.entity';
import { EventType } from '../event-log/event-types';
import { NewEvent } from '../event-log/events.repository';
import { Change } from '../fleet-change/change';
import { Upgrade } from '../firmware/upgrade.entity';

/**
 * An event of one upgrade (`{upgrade_id, version, rollout_id}`), of its device as
 * it is now, by the change's actor, at the change's instant.
 */
export function upgradeEvent(
  type: EventType,
  upgrade: Pick<Upgrade, 'id' | 'version' | 'rollout_id'>,
  subject: EventSubject | undefined,
  change: Pick<Change, 'actor' | 'at'>,
): NewEvent {
  return eventOf(
    type,
    { device: subject?.device ?? null, network: subject?.network ?? null },
    { upgrade_id: upgrade.id, version: upgrade.version, rollout_id: upgrade.rollout_id },
    change,
  );
}

/**
 * An event of an upgrade's lifecycle (`{upgrade_id, version, previous_version,
 * rollout_id, error}`): started, done, failed (a report, or the timeout), cancelled.
 */
export function lifecycleEvent(
  type: 'upgrade.started' | 'upgrade.done' | 'upgrade.failed' | 'upgrade.cancelled',
  upgrade: Pick<Upgrade, 'id' | 'version' | 'previous_version' | 'rollout_id' | 'error'>,
  subject: EventSubject | undefined,
  by: { actor: EventActor; at: Date },
): NewEvent {
  return eventOf(
    type,
    { device: subject?.device ?? null, network: subject?.network ?? null },
    {
      upgrade_id: upgrade.id,
      version: upgrade.version,
      previous_version: upgrade.previous_version,
      rollout_id: upgrade.rollout_id,
      error: upgrade.error,
    },
    by,
  );
}
