import { Pager } from '../../web/pager';
import { Option } from '../../web/select-options';
import { PageModel, view } from '../../web/page-outcome';
import { ConfigRolloutDeviceView } from '../config-rollouts.service';
import { ConfigRolloutView } from '../config-rollout.view';
import { SsidDiffLines } from './ssid-diff';

/** A stage of the configuration rollout page: its counts in words and its bar's segments. */
export interface ConfigStageView {
  number: number;
  percent: number;
  devicesText: string;
  opened_at: string | null;
  pending: number;
  waiting: number;
  succeeded: number;
  failed: number;
  skipped: number;
  segments: { outcome: string; count: number; width: string }[];
}

/** A device of the rollout page, its outcome in words. */
export interface ConfigRolloutDeviceRow extends ConfigRolloutDeviceView {
  outcomeText: string;
}

/** views/config-rollout.hbs: a configuration rollout, live, with Halt and Revert. */
export interface ConfigRolloutModel extends PageModel {
  rollout: ConfigRolloutView;
  running: boolean;
  overThreshold: boolean;
  /** When a stage waits before the next opens: "in 4 min". */
  nextStageIn: string | null;
  stages: ConfigStageView[];
  devices: ConfigRolloutDeviceRow[];
  /** The devices' outcome filter, the one shown selected. */
  outcomes: Option[];
  /** The devices are filtered by outcome. */
  filtered: boolean;
  pager: Pager | null;
  diff: SsidDiffLines;
  /** The caller may halt and revert (full access to the network, as the API asks). */
  canWrite: boolean;
  /** Halted, not reverted, and without automatic revert: the Revert button. */
  revertible: boolean;
}

/** A rollout as a row of a network's configuration rollouts. */
export interface ConfigRolloutRow {
  id: number;
  state: string;
  stagesText: string;
  progress: string;
  failure_percent: number;
  max_failure_percent: number;
  overThreshold: boolean;
  created_by: string;
  created_at: string;
  finished_at: string | null;
}

/** views/config-rollouts.hbs: a network's configuration rollouts, newest first. */
export interface ConfigRolloutListModel extends PageModel {
  network: { id: number; name: string };
  rollouts: ConfigRolloutRow[];
  pager: Pager | null;
}

export const CONFIG_ROLLOUT_PAGE = view<ConfigRolloutModel>(
  'config-rollouts/pages/views/config-rollout',
);
export const CONFIG_ROLLOUT_LIST = view<ConfigRolloutListModel>(
  'config-rollouts/pages/views/config-rollouts',
);
