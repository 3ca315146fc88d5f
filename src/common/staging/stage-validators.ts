import { ValidateBy, ValidationOptions } from 'class-validator';
import { validStages } from './stages';

/** The checks of a staged change's settings, shared by firmware and configuration rollouts. */

const STAGES_MESSAGE =
  'must be a strictly increasing list of whole percentages from 1 to 100 that ends with 100';

/** `stages` of a rollout. */
export const IsRolloutStages = (options?: ValidationOptions) =>
  ValidateBy(
    {
      name: 'isRolloutStages',
      validator: {
        validate: (value: unknown) => validStages(value),
        defaultMessage: (args) => `${args?.property} ${STAGES_MESSAGE}`,
      },
    },
    options,
  );

/** A number from 0 to 100, decimals allowed. */
export const IsPercent = (options?: ValidationOptions) =>
  ValidateBy(
    {
      name: 'isPercent',
      validator: {
        validate: (value: unknown) =>
          typeof value === 'number' && Number.isFinite(value) && value >= 0 && value <= 100,
        defaultMessage: (args) => `${args?.property} must be a number from 0 to 100`,
      },
    },
    options,
  );

/** The longest soak time between two stages: a week, in seconds. */
export const MAX_STAGE_WAIT_SECONDS = 604800;

/** A whole number of seconds from 0 to a week. */
export const IsStageWait = (options?: ValidationOptions) =>
  ValidateBy(
    {
      name: 'isStageWait',
      validator: {
        validate: (value: unknown) =>
          Number.isInteger(value) &&
          (value as number) >= 0 &&
          (value as number) <= MAX_STAGE_WAIT_SECONDS,
        defaultMessage: (args) =>
          `${args?.property} must be a whole number of seconds from 0 to ${MAX_STAGE_WAIT_SECONDS}`,
      },
    },
    options,
  );
