import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { UpgradeInputDto } from '../dto/upgrade.dto';
import { isTimeZone } from '../../common/time-zones/time-zones';
import { UpgradeInput } from '../upgrade-rules';
import { UpgradeRecord } from '../upgrade.view';
import { invalidUpgrade } from '../upgrades.errors';
import { instantToZoned, zonedToInstant } from '../../common/time-zones/zoned-time';
import {
  BLANK_ROLLOUT_FORM,
  readRolloutForm,
  RolloutFormValues,
  rolloutOf,
  validationMessages,
} from './rollout-form';

/** The fields of the upgrade form as the browser posts them (and as the form shows them). */
export interface UpgradeFormValues {
  version: string;
  upgrade_type: string;
  schedule_type: string;
  /** Wall-clock time in time_zone (`datetime-local`). */
  schedule_at: string;
  time_zone: string;
  save_prev_config: boolean;
  /**
   * The chosen targets as the API takes them (`AP:<id>`, `network:<id>`, `tag:<id>`): the
   * values of the picker's checkboxes. An edited upgrade's own device is a target anyway.
   */
  aps: string[];
  /** The device search of the picker (name or MAC). */
  q: string;
  /** Stage the upgrades as a rollout (new upgrades only). */
  rollout: RolloutFormValues;
}

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

/**
 * The posted targets: one value per checked box (a list when several are), or entries
 * separated by spaces, commas or line breaks in one value.
 */
const targets = (value: unknown): string[] =>
  (Array.isArray(value) ? value : [value])
    .flatMap((entry) => text(entry).split(/[\s,]+/))
    .filter((entry) => entry !== '');

export const BLANK_FORM: UpgradeFormValues = {
  version: '',
  upgrade_type: 'automatic',
  schedule_type: 'now',
  schedule_at: '',
  time_zone: '',
  save_prev_config: false,
  aps: [],
  q: '',
  rollout: BLANK_ROLLOUT_FORM,
};

/** What the posted form says, as typed values (unknown fields are ignored). */
export function readForm(body: unknown): UpgradeFormValues {
  const form = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  return {
    version: text(form.version),
    upgrade_type: text(form.upgrade_type),
    schedule_type: text(form.schedule_type),
    schedule_at: text(form.schedule_at),
    time_zone: text(form.time_zone),
    save_prev_config: form.save_prev_config === 'true',
    aps: targets(form.aps),
    q: search(form.q),
    rollout: readRolloutForm(form),
  };
}

/**
 * Whether the post asks only to show the form again for what it holds (the device search, or
 * the versions of the chosen targets) rather than to save it.
 */
export function isRefresh(body: unknown): boolean {
  return (
    typeof body === 'object' && body !== null && (body as { intent?: unknown }).intent === 'refresh'
  );
}

/** The device search: none when it holds a control character (NUL included) or is too long. */
function search(value: unknown): string {
  const q = text(value);
  // eslint-disable-next-line no-control-regex
  return q.length > 100 || /[\x00-\x1f]/.test(q) ? '' : q;
}

/** The form of an existing upgrade: its device is a target anyway, so none is chosen yet. */
export function formOf(upgrade: UpgradeRecord): UpgradeFormValues {
  const zone = upgrade.time_zone && isTimeZone(upgrade.time_zone) ? upgrade.time_zone : 'UTC';
  return {
    version: upgrade.version,
    upgrade_type: upgrade.upgrade_type,
    schedule_type: upgrade.schedule_type,
    schedule_at: upgrade.schedule_at ? instantToZoned(upgrade.schedule_at, zone) : '',
    time_zone: upgrade.time_zone ?? '',
    save_prev_config: upgrade.save_prev_config,
    aps: [],
    q: '',
    rollout: BLANK_ROLLOUT_FORM,
  };
}

/**
 * The service input of a posted form, checked by the JSON API's own DTO rules; a form cannot
 * leave a field out, so every field is sent (save_prev_config unchecked means false, an empty
 * field null). Throws 422 `invalidUpgrade` naming every problem.
 */
export function toUpgradeInput(form: UpgradeFormValues): UpgradeInput {
  const problems: string[] = [];
  let scheduleAt: string | undefined;
  if (form.schedule_type === 'later' && form.schedule_at) {
    if (!isTimeZone(form.time_zone)) {
      problems.push('time_zone must be an IANA time zone name');
    } else {
      scheduleAt = zonedToInstant(form.schedule_at, form.time_zone) ?? undefined;
      if (!scheduleAt) {
        problems.push('schedule_at must be a date and time');
      }
    }
  }
  const plain = {
    version: form.upgrade_type === 'manual' ? form.version : undefined,
    upgrade_type: form.upgrade_type,
    schedule_type: form.schedule_type,
    schedule_at: scheduleAt,
    time_zone: form.time_zone,
    save_prev_config: form.save_prev_config,
    aps: form.aps,
    rollout: rolloutOf(form.rollout),
  };
  const input = plainToInstance(UpgradeInputDto, plain);
  problems.push(...validationMessages(validateSync(input, { whitelist: true })));
  if (problems.length > 0) {
    throw invalidUpgrade(problems);
  }
  // The DTO, made for the JSON API, reads a blank field as left out (keep the stored value). A
  // form sends every field, so an emptied one means none: null clears the stored value.
  return {
    ...input,
    version: input.version ?? null,
    schedule_at: scheduleAt ?? null,
    time_zone: input.time_zone ?? null,
  };
}
