import { ArrayMaxSize, IsArray, IsNotEmpty, IsString, MaxLength } from 'class-validator';

export class SetDeviceTagsDto {
  /** Comma-separated MACs of the organisation's devices (any CONTRACT 6 form). */
  @IsString()
  @IsNotEmpty()
  mac_ids: string;

  /** The devices' tags afterwards (replaces their current tags); an empty list clears them. */
  @IsArray()
  @ArrayMaxSize(100)
  @IsString({ each: true })
  @MaxLength(255, { each: true })
  tag_list: string[];
}
