import { ApiProperty } from '@nestjs/swagger';
import { ValidateBy } from 'class-validator';

/** The longest label, in characters. */
export const LABEL_MAX_LENGTH = 64;

/** No control character (C0, DEL, C1) anywhere. */
// eslint-disable-next-line no-control-regex
export const LABEL_WITHOUT_CONTROLS = /^[^\u0000-\u001f\u007f-\u009f]*$/;

/** No space (of any kind) at either end. */
export const LABEL_TRIMMED = /^(?!\s)[\s\S]*(?<!\s)$/;

/**
 * What is wrong with a label, the first rule it breaks (null: a good label, or null to clear):
 * a string of 1 to 64 characters, no control character, no space at either end.
 */
export function labelProblem(value: unknown): string | null {
  if (value === null) {
    return null;
  }
  if (typeof value !== 'string') {
    return 'label must be a string or null';
  }
  const length = [...value].length;
  if (length < 1 || length > LABEL_MAX_LENGTH) {
    return `label must be 1 to ${LABEL_MAX_LENGTH} characters long`;
  }
  if (!LABEL_WITHOUT_CONTROLS.test(value)) {
    return 'label must not hold control characters';
  }
  if (!LABEL_TRIMMED.test(value)) {
    return 'label must not begin or end with a space';
  }
  return null;
}

/** A label or null, refused with the one message of the first rule it breaks. */
function IsLabel(): PropertyDecorator {
  return ValidateBy({
    name: 'isLabel',
    validator: {
      validate: (value: unknown) => labelProblem(value) === null,
      defaultMessage: (args) => labelProblem(args?.value) ?? 'label is invalid',
    },
  });
}

/** `PUT /v1/access_points/{mac_id}/label`. */
export class SetDeviceLabelDto {
  @ApiProperty({
    type: 'string',
    nullable: true,
    minLength: 1,
    maxLength: LABEL_MAX_LENGTH,
    example: 'Lobby, west wall',
    description:
      "The device's label: 1 to 64 characters without control characters or spaces at either " +
      'end; null clears it.',
  })
  @IsLabel()
  label: string | null;
}
