/**
 * Which configuration a device is given: its network's, or the one of a configuration rollout
 * of that network. The one rule that the check-in, the configuration route and the device
 * records (their `config` block and in-sync counts) apply. Pure.
 */

/** The network's latest configuration rollout, as far as the choice needs it. */
export interface RolloutFacts {
  id: number;
  network_id: number;
  state: 'running' | 'halted' | 'completed';
  /** The network's configuration version it was published against. */
  base_version: number;
  /** How many of its stages have opened (they open in order). */
  opened_stages: number;
  /** Whether its devices were given the network's configuration again. */
  reverted: boolean;
}

/** What the choice reads about one device. */
export interface ConfigChoiceFacts {
  /** Its network and that network's configuration version now; null: in none. */
  network: { id: number; config_version: number } | null;
  /** The latest configuration rollout of its network, if any. */
  rollout: RolloutFacts | null;
  /** Its stage in that rollout (from 1); null: it is not one of its devices. */
  stage: number | null;
}

/** The network's configuration, or the rollout's (by id). */
export type ConfigChoice = { source: 'network' } | { source: 'rollout'; rollout_id: number };

const NETWORK: ConfigChoice = { source: 'network' };

/**
 * A device is given the rollout's configuration when it is one of the devices of the latest
 * rollout of the network it is in now, its stage has opened, and the rollout is running, or is
 * halted without a revert and the network has not changed since (its configuration version is
 * still the one the rollout was published against: the next change of the network's SSIDs gives
 * every device the network's configuration). Every other device is given the network's: one in
 * no network, in a network without a rollout, not among the rollout's devices (moved in
 * afterwards), in a stage not opened yet, or of a completed or reverted rollout.
 */
export function chooseConfiguration(facts: ConfigChoiceFacts): ConfigChoice {
  const { network, rollout, stage } = facts;
  if (network === null || rollout === null || stage === null) {
    return NETWORK;
  }
  if (rollout.network_id !== network.id || stage > rollout.opened_stages) {
    return NETWORK;
  }
  if (rollout.state === 'running') {
    return { source: 'rollout', rollout_id: rollout.id };
  }
  if (
    rollout.state === 'halted' &&
    !rollout.reverted &&
    rollout.base_version === network.config_version
  ) {
    return { source: 'rollout', rollout_id: rollout.id };
  }
  return NETWORK;
}

/** How many stages of a rollout's stored stages (JSON text) have opened. */
export const openedStages = (stagesText: string): number =>
  (JSON.parse(stagesText) as { opened_at: string | null }[]).filter((s) => s.opened_at !== null)
    .length;

/**
 * The columns a read selects for the choice: the device's network and its configuration version,
 * the network's latest configuration rollout (`cr`) and the device's place in it (`crd`).
 */
export interface ConfigChoiceRow {
  network_id: number | string | null;
  config_version: number | string | null;
  cr_id: number | string | null;
  cr_state: 'running' | 'halted' | 'completed' | null;
  cr_base_version: number | string | null;
  cr_stages: string | null;
  cr_reverted: number | string | null;
  crd_stage: number | string | null;
}

/** What the configuration choice reads of such a row. */
export const choiceFactsOf = (row: ConfigChoiceRow): ConfigChoiceFacts => ({
  network:
    row.network_id === null
      ? null
      : { id: Number(row.network_id), config_version: Number(row.config_version) },
  rollout:
    row.cr_id === null
      ? null
      : {
          id: Number(row.cr_id),
          network_id: Number(row.network_id),
          state: row.cr_state!,
          base_version: Number(row.cr_base_version),
          opened_stages: openedStages(row.cr_stages!),
          reverted: Number(row.cr_reverted) === 1,
        },
  stage: row.crd_stage === null ? null : Number(row.crd_stage),
});
