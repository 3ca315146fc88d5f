import { EventActor } from './event.entity';

/** Where a person's request came from (the actor's `via`). */
export type RequestChannel = 'api' | 'console';

/** The actor of a change a person (or their token) asked for. */
export function userActor(
  user: { id: number; email: string },
  via: RequestChannel = 'api',
): EventActor {
  return { type: 'user', id: user.id, email: user.email, via };
}

/** The actor of every consequence the service derives (sweeps, timeouts, halts…). */
export const SYSTEM: EventActor = { type: 'system' };

/** The actor of what the command line did. */
export const CLI: EventActor = { type: 'cli' };
