import { ApiProperty } from '@nestjs/swagger';
import { IsString, Length, Matches, ValidateIf } from 'class-validator';

/** The longest label, in characters. */
export const LABEL_MAX_LENGTH = 64;

/** No control character (C0, DEL, C1) anywhere. */
// eslint-disable-next-line no-control-regex
export const LABEL_WITHOUT_CONTROLS = /^[^\u0000-\u001f\u007f-\u009f]*$/;

/** No space (of any kind) at either end. */
export const LABEL_TRIMMED = /^(?!\s)[\s\S]*(?<!\s)$/;

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
  @ValidateIf((_, value) => value !== null)
  @IsString({ message: 'label must be a string or null' })
  @Length(1, LABEL_MAX_LENGTH, { message: 'label must be 1 to 64 characters long' })
  @Matches(LABEL_WITHOUT_CONTROLS, { message: 'label must not hold control characters' })
  @Matches(LABEL_TRIMMED, { message: 'label must not begin or end with a space' })
  label: string | null;
}
