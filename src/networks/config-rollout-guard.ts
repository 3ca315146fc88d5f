/** What decides whether a network's configuration may change now. */
export interface ConfigGuardFacts {
  /** The configuration rollout running on the network (null: none). */
  config_rollout_id: number | null;
}

/**
 * While a configuration rollout runs on a network, every change of its configuration (its SSID
 * writes, config_rollback, a draft's publish) and its delete are refused (409 1051, before any
 * other rule of those routes): the rollout alone moves its devices' configuration until it halts
 * or completes. Pure: the callers read the facts (from the network's row as they found or locked
 * it, or from a version bump the database refused) and throw.
 */
export function configChangeBlocked(network: ConfigGuardFacts): boolean {
  return network.config_rollout_id !== null;
}
