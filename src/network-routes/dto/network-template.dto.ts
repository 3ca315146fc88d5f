import { Type } from 'class-transformer';
import {
  IsArray,
  IsNotEmpty,
  IsObject,
  IsString,
  MaxLength,
  ValidateNested,
} from 'class-validator';

export class NetworkTemplateConfigurationDto {
  /** SSIDs as network SSID create takes them. */
  @IsArray()
  @IsObject({ each: true, message: 'ssid_configuration must contain only objects' })
  ssid_configuration: Record<string, unknown>[];
}

export class NetworkTemplateFieldsDto {
  /** Unique within the organisation. */
  @IsString()
  @IsNotEmpty()
  @MaxLength(255)
  name: string;

  @IsObject()
  @ValidateNested()
  @Type(() => NetworkTemplateConfigurationDto)
  configuration: NetworkTemplateConfigurationDto;
}

export class CreateNetworkTemplateDto {
  @IsObject()
  @ValidateNested()
  @Type(() => NetworkTemplateFieldsDto)
  network_template: NetworkTemplateFieldsDto;
}
