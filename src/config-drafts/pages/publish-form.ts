import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { validationMessages } from '../../common/validation/validation';
import { FieldLabel, formFields, ticked, trimmed } from '../../web/form';
import { PublishInputDto } from '../dto/config-draft.dto';
import { PublishSettings, publishSettings } from '../publish-settings';

/** The publish form as typed: at once, or in stages with their settings. */
export interface PublishFormValues {
  /** "In stages" chosen. */
  staged: boolean;
  /** Percentages, e.g. "10, 50, 100". */
  stages: string;
  /** Blank: the default (0: the first failure halts). */
  max_failure_percent: string;
  /** Blank: the default (300). */
  watch_seconds: string;
  auto_revert: boolean;
  /** Blank: the default (0: the next stage opens at once). */
  stage_wait_seconds: string;
}

/** What the form shows first: at once, and the defaults of a staged publish ready. */
export const BLANK_PUBLISH_FORM: PublishFormValues = {
  staged: false,
  stages: '10, 50, 100',
  max_failure_percent: '0',
  watch_seconds: '300',
  auto_revert: true,
  stage_wait_seconds: '0',
};

/** The form's inputs by the field the API's messages begin with, and their words. */
export const PUBLISH_FORM_FIELDS: Readonly<Record<string, FieldLabel>> = {
  stages: { input: 'stages', label: 'Stages' },
  max_failure_percent: { input: 'max_failure_percent', label: 'Maximum failure' },
  watch_seconds: { input: 'watch_seconds', label: 'Watch time' },
  stage_wait_seconds: { input: 'stage_wait_seconds', label: 'Wait between stages' },
};

/** The posted form. */
export function readPublishForm(body: unknown): PublishFormValues {
  const form = formFields(body);
  return {
    staged: trimmed(form.mode) === 'staged',
    stages: trimmed(form.stages).slice(0, 200),
    max_failure_percent: trimmed(form.max_failure_percent).slice(0, 20),
    watch_seconds: trimmed(form.watch_seconds).slice(0, 20),
    auto_revert: ticked(form.auto_revert),
    stage_wait_seconds: trimmed(form.stage_wait_seconds).slice(0, 20),
  };
}

/** A number as typed, NaN when it is not one (so that the API's message names the field). */
const number = (text: string) => (text === '' ? Number.NaN : Number(text.replace(/%$/, '')));

/**
 * The settings of a publish for these values, checked as the API checks `publish` (its DTO):
 * at once (`stages: [100]`) unless staged; a staged publish names its stages, and blank
 * maximum, watch and wait take the API's defaults. `errors` holds every problem, by field.
 */
export function publishOf(values: PublishFormValues): {
  settings: PublishSettings;
  errors: string[];
} {
  if (!values.staged) {
    return { settings: publishSettings(), errors: [] };
  }
  if (values.stages === '') {
    return {
      settings: publishSettings(),
      errors: ['stages must be given to publish in stages, for example 10, 50, 100'],
    };
  }
  const plain: Record<string, unknown> = {
    stages: values.stages
      .split(/[\s,;%]+/)
      .filter((entry) => entry !== '')
      .map(Number),
    auto_revert: values.auto_revert,
  };
  for (const field of ['max_failure_percent', 'watch_seconds', 'stage_wait_seconds'] as const) {
    if (values[field] !== '') {
      plain[field] = number(values[field]);
    }
  }
  const input = plainToInstance(PublishInputDto, plain);
  const errors = validationMessages(validateSync(input, { whitelist: true }));
  return { settings: publishSettings(plain), errors };
}
