import { Bool, Int, Of, Str } from '../../common/openapi/response-schema';

export class CheckinConfigHint {
  @Str({ description: "The device's current configuration revision" })
  revision: string;

  @Str({ example: '/device/v1/config' })
  url: string;
}

export class CheckinUpgradeHint {
  @Int()
  id: number;

  @Str({ example: '2.1.0' })
  version: string;

  @Str({
    nullable: true,
    description: "The firmware location for the device's hardware part number",
  })
  url: string | null;

  @Bool()
  save_prev_config: boolean;
}

/** 200 of POST /device/v1/checkin (DEVICES 3). */
export class CheckinResponse {
  @Int({ example: 200 })
  status: number;

  @Int({ example: 60, description: 'Seconds until the next check-in' })
  checkin_interval: number;

  @Of(() => CheckinConfigHint, {
    nullable: true,
    description: 'Set when the reported config_revision is not the current one',
  })
  config: CheckinConfigHint | null;

  @Of(() => CheckinUpgradeHint, {
    nullable: true,
    description: 'The upgrade in progress, else the due pending upgrade, else null',
  })
  upgrade: CheckinUpgradeHint | null;
}
