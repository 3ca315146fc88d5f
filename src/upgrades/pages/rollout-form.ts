import { ValidationError } from 'class-validator';

/** The staged-rollout fields of the new-upgrade form, as posted and shown. */
export interface RolloutFormValues {
  /** "Roll out in stages" ticked. */
  staged: boolean;
  /** Percentages, e.g. "10, 50, 100". */
  stages: string;
  /** Blank: the default (10). */
  max_failure_percent: string;
  auto_revert: boolean;
  /** Seconds between a stage finishing and the next opening; blank: the default (0, at once). */
  stage_wait_seconds: string;
}

export const BLANK_ROLLOUT_FORM: RolloutFormValues = {
  staged: false,
  stages: '',
  max_failure_percent: '',
  auto_revert: false,
  stage_wait_seconds: '',
};

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

/** The posted rollout fields. */
export function readRolloutForm(form: Record<string, unknown>): RolloutFormValues {
  return {
    staged: form.staged === 'true',
    stages: text(form.stages).slice(0, 200),
    max_failure_percent: text(form.max_failure_percent).slice(0, 20),
    auto_revert: form.auto_revert === 'true',
    stage_wait_seconds: text(form.stage_wait_seconds).slice(0, 20),
  };
}

/**
 * `upgrade.rollout` of the JSON API for these fields (undefined when not staged), for its DTO
 * to check: a stage that is not a number stays NaN so that the API's message names it; blank
 * stages, maximum or wait take the API's defaults.
 */
export function rolloutOf(values: RolloutFormValues): Record<string, unknown> | undefined {
  if (!values.staged) {
    return undefined;
  }
  const rollout: Record<string, unknown> = { auto_revert: values.auto_revert };
  if (values.stages !== '') {
    rollout.stages = values.stages
      .split(/[\s,;%]+/)
      .filter((entry) => entry !== '')
      .map(Number);
  }
  if (values.max_failure_percent !== '') {
    rollout.max_failure_percent = Number(values.max_failure_percent.replace(/%$/, ''));
  }
  if (values.stage_wait_seconds !== '') {
    rollout.stage_wait_seconds = Number(values.stage_wait_seconds);
  }
  return rollout;
}

/** Every message of a validation, nested ones named by their path (`rollout.stages …`). */
export function validationMessages(errors: ValidationError[], path = ''): string[] {
  return errors.flatMap((error) => {
    const at = path === '' ? '' : `${path}.`;
    const own = Object.values(error.constraints ?? {}).map((message) =>
      path === '' ? message : `${at}${message}`,
    );
    return [...own, ...validationMessages(error.children ?? [], `${at}${error.property}`)];
  });
}
