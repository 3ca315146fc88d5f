/**
 * What follows an event write in its transaction (the webhook deliveries),
 * implemented above this folder (webhooks/) and provided by a global module, so that the event
 * log depends on nothing that depends on it.
 */
export abstract class EventFanOut {
  /**
   * Runs after events of these types were written by the caller's transaction; `written` reads
   * their ids and types (called only when something wants them).
   */
  abstract fanOut(
    orgId: number,
    types: readonly string[],
    written: () => Promise<{ id: number; type: string }[]>,
  ): Promise<void>;
}
