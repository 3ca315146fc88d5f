import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsDefined,
  IsNotEmpty,
  IsObject,
  IsString,
  MaxLength,
  ValidateNested,
} from 'class-validator';

export class InitTemplateFieldsDto {
  /** Unique within the organisation. */
  @IsString()
  @IsNotEmpty()
  @MaxLength(255)
  name: string;

  /** Uplink details, each with `uplink_type` '1' to '4' plus any other uplink fields. */
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(100)
  @IsObject({ each: true })
  details: Record<string, unknown>[];
}

export class CreateInitTemplateDto {
  @IsDefined()
  @IsObject()
  @ValidateNested()
  @Type(() => InitTemplateFieldsDto)
  init_template: InitTemplateFieldsDto;
}
