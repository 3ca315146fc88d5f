import { Heartbeat } from '../../src/device-state/heartbeat.entity';
import { TestApp } from './app';

/** An event as GET /v1/events answers it. */
export interface ShownEvent {
  id: number;
  type: string;
  occurred_at: string;
  network: { id: number; network_name: string } | null;
  device: { id: number; mac_id: string; name: string | null } | null;
  actor: Record<string, unknown>;
  data: Record<string, unknown>;
}

/** Helpers for the events tests. */
export function eventFixtures(t: () => TestApp) {
  /** The events the caller sees for these query parameters (200 expected). */
  const events = async (
    auth: Record<string, string>,
    query: Record<string, string | number> = {},
  ): Promise<ShownEvent[]> => {
    const res = await t().http().get('/v1/events').query(query).set(auth).expect(200);
    return res.body.data.events as ShownEvent[];
  };

  /** Moves the device's last heartbeat back by `seconds` (as if it had been silent since). */
  const age = async (deviceId: number, seconds: number): Promise<Date> => {
    const repository = t().dataSource.getRepository(Heartbeat);
    const row = await repository.findOneByOrFail({ device_id: deviceId });
    const received_at = new Date(row.received_at.getTime() - seconds * 1000);
    await repository.update({ device_id: deviceId }, { received_at });
    return received_at;
  };

  /** Polls until `found` returns a value (every 100 ms, at most `ms`). */
  const eventually = async <T>(found: () => Promise<T | undefined>, ms = 6000): Promise<T> => {
    const end = Date.now() + ms;
    for (;;) {
      const value = await found();
      if (value !== undefined) {
        return value;
      }
      if (Date.now() > end) {
        throw new Error(`not found within ${ms} ms`);
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };

  return { events, age, eventually };
}
