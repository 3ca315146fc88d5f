import { DeviceChoice, TargetChoice } from '../upgrade-target-choices.service';
import { FormErrors } from '../../web/form';
import { PageModel, view } from '../../web/page-outcome';
import { Pager } from '../../web/pager';
import { Option } from '../../web/select-options';
import { Rollout } from '../../firmware/rollout.entity';
import { RolloutRecord, RolloutStageRecord } from '../rollout.view';
import { UpgradeRequestSummary } from '../upgrade-request-summary';
import { UpgradeRecord } from '../upgrade.view';
import { UpgradeFormValues } from './upgrade-form';
import { requestRow, toRow } from './upgrade-rows';

/** An upgrade as a row of the list shows it. */
export type UpgradeRow = ReturnType<typeof toRow>;

/** The upgrades of a page under their rollout (or of none). */
export interface UpgradeGroupView {
  headingId: string;
  rollout: Pick<Rollout, 'state' | 'version'> | null;
  rolloutId: number | null;
  upgrades: UpgradeRow[];
}

/** views/list.hbs: a page of upgrades under their rollouts, the newest requests, the filters. */
export interface UpgradeListModel extends PageModel {
  canWrite: boolean;
  groups: UpgradeGroupView[];
  statuses: Option[];
  filtered: boolean;
  version: string;
  networks: Option[];
  oldest: boolean;
  /** Off on the page of one upgrade. */
  showFilters: boolean;
  requests: ReturnType<typeof requestRow>[];
  exportHref: string;
  count: number;
  range: string | null;
  pager: Pager | null;
}

/** A target the form offers, with its checkbox. */
export type TargetCheckbox<T extends { target: string }> = T & {
  inputId: string;
  value: string;
  checked: boolean;
};

/** views/form.hbs: a new upgrade's form (with its targets and rollout) or a pending one's. */
export interface UpgradeFormModel extends PageModel {
  upgrade: UpgradeRecord | null;
  action: string;
  errors: FormErrors;
  values: UpgradeFormValues;
  networks: TargetCheckbox<TargetChoice>[];
  tags: TargetCheckbox<TargetChoice>[];
  devices: TargetCheckbox<DeviceChoice>[];
  deviceCount: string;
  versions: { version: string; label: string }[];
  versionHint: string;
  timeZones: string[];
}

/** views/request.hbs: an upgrade request, its counts, its devices a page at a time. */
export interface UpgradeRequestModel extends PageModel {
  summary: UpgradeRequestSummary;
  targets: string;
  counts: { status: string; label: string; count: number }[];
  rolloutHref: string | null;
  /** "3 pending upgrades" when an admin may cancel them. */
  cancel: string | null;
  /** "2 failed upgrades" when an admin may retry them. */
  retry: string | null;
  action: string;
  upgrades: (UpgradeRecord & { statusText: string })[];
  pager: Pager | null;
}

/** A rollout as a row of the list shows it. */
export interface RolloutRow extends RolloutRecord {
  progress: string;
  stagesText: string;
  overThreshold: boolean;
}

/** views/rollouts.hbs: the rollouts, newest first. */
export interface RolloutListModel extends PageModel {
  rollouts: RolloutRow[];
  pager: Pager | null;
}

/** A stage of the rollout page, with its bar's segments. */
export interface StageView extends RolloutStageRecord {
  number: number;
  devicesText: string;
  segments: { status: string; label: string; count: number; width: string }[];
}

/** views/rollout.hbs: a rollout's stages, failures and reverts, its Halt and Advance buttons. */
export interface RolloutModel extends PageModel {
  rollout: RolloutRecord;
  running: boolean;
  /** When a stage waits for its soak time: "in 4 min" (and `rollout.next_stage_at`). */
  nextStageIn: string | null;
  overThreshold: boolean;
  stages: StageView[];
  failed: UpgradeRecord[];
  failedMore: string | null;
}

export const UPGRADE_LIST = view<UpgradeListModel>('upgrades/pages/views/list');
export const UPGRADE_FORM = view<UpgradeFormModel>('upgrades/pages/views/form');
export const UPGRADE_REQUEST = view<UpgradeRequestModel>('upgrades/pages/views/request');
export const ROLLOUT_LIST = view<RolloutListModel>('upgrades/pages/views/rollouts');
export const ROLLOUT_PAGE = view<RolloutModel>('upgrades/pages/views/rollout');
