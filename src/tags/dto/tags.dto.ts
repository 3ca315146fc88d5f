import { ArrayMaxSize, IsArray, IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { MaxListEntries } from '../../common/limits/list-limit';

export class SetDeviceTagsDto {
  /**
   * Comma-separated MACs of the organisation's devices (`aa:bb:cc:dd:ee:ff`, `AA-BB-CC-DD-EE-FF` or
   * `aabbccddeeff`).
   */
  @IsString()
  @IsNotEmpty()
  @MaxListEntries()
  mac_ids: string;

  /** The devices' tags afterwards (replaces their current tags); an empty list clears them. */
  @IsArray()
  @ArrayMaxSize(100)
  @IsString({ each: true })
  @MaxLength(255, { each: true })
  tag_list: string[];
}
