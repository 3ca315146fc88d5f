import { Type } from 'class-transformer';
import { IsIn, IsObject, IsOptional, ValidateNested } from 'class-validator';
import { IsId } from '../../common/ids/id';
import { MaxListEntries } from '../../common/limits/list-limit';
import { PaginationQueryDto } from '../../common/pagination/pagination';
import { COMMAND_STATES, COMMAND_TYPES } from '../command-rules';

/** A command for devices; the service checks the values (command-rules.ts). */
export class CommandFieldsDto {
  /** reboot, locate or ping. */
  @IsOptional()
  type?: string;

  /** Targets as upgrades take them: `AP:<id>`, `network:<id>`, `tag:<id>`. */
  @IsOptional()
  @MaxListEntries()
  aps?: string[];

  /** locate: `{duration_seconds}` (1 to 3600, default 60); ping: `{host, count}` (1 to 10, default 4). */
  @IsOptional()
  params?: Record<string, unknown>;

  /** 10 to 604800, default 3600. */
  @IsOptional()
  expires_in_seconds?: number;
}

export class CommandBodyDto {
  @IsObject()
  @ValidateNested()
  @Type(() => CommandFieldsDto)
  command: CommandFieldsDto;
}

export class CommandIdParamDto {
  @IsId()
  id: number;
}

export class CommandsQueryDto extends PaginationQueryDto {
  @IsOptional()
  mac_id?: string;

  @IsOptional()
  @IsIn(COMMAND_STATES)
  state?: (typeof COMMAND_STATES)[number];

  @IsOptional()
  @IsIn(COMMAND_TYPES)
  type?: (typeof COMMAND_TYPES)[number];
}
