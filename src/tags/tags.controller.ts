import { Body, Controller, Get, Put } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AuthUser } from '../common/auth/auth-user';
import { CurrentUser, RequireRole } from '../common/auth/decorators';
import { ApiErrorCode } from '../common/errors';
import { ApiErrorResponses } from '../common/openapi/api-error-responses';
import { SetDeviceTagsDto } from './dto/tags.dto';
import { TagsService } from './tags.service';

/** Device tags (CONTRACT 5, role admin). */
@ApiTags('tags')
@ApiBearerAuth()
@RequireRole('admin')
@ApiErrorResponses(
  ApiErrorCode.Unauthenticated,
  ApiErrorCode.Forbidden,
  ApiErrorCode.InvalidParameter,
)
@Controller('v1')
export class TagsController {
  constructor(private readonly tags: TagsService) {}

  @Put('access_points/tags')
  @ApiOperation({
    summary: 'Replace the tags of devices',
    description:
      'Tags are created in the organisation on demand; MACs matching no device are ignored.',
  })
  @ApiErrorResponses(ApiErrorCode.DeviceNotFound)
  setDeviceTags(@CurrentUser() user: AuthUser, @Body() body: SetDeviceTagsDto) {
    return this.tags.setDeviceTags(user, body);
  }

  @Get('tags')
  @ApiOperation({ summary: "List the organisation's tags" })
  list(@CurrentUser() user: AuthUser) {
    return this.tags.list(user);
  }
}
