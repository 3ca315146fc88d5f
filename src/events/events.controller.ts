import { Controller, Get, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AuthUser } from '../common/auth/auth-user';
import { CurrentUser } from '../common/auth/decorators';
import { ApiErrorCode } from '../common/errors';
import { ok } from '../common/http/envelope';
import { ApiErrorResponses } from '../common/openapi/api-error-responses';
import { EventsQueryDto } from './dto/events.query';
import { EventsResponse } from './dto/events.response';
import { EventsService } from './events.service';

/** The organisation's events. */
@ApiTags('events')
@ApiBearerAuth()
@Controller('v1/events')
export class EventsController {
  constructor(private readonly events: EventsService) {}

  @Get()
  @ApiOperation({
    operationId: 'events',
    summary: 'Events: newest first, or the feed after an id',
    description:
      'With `after`, the events with a greater id in ascending id order: a poller that starts ' +
      'with after=0 and repeats with the greatest id it has seen gets every event it may see ' +
      'exactly once, whatever commits concurrently. Otherwise newest first, below `before` when ' +
      'given. Admins see every event of the organisation, members the events of networks they ' +
      'may read.',
  })
  @ApiOkResponse({ type: EventsResponse })
  @ApiErrorResponses(ApiErrorCode.InvalidParameter, ApiErrorCode.NetworkNotFound)
  async list(@CurrentUser() user: AuthUser, @Query() query: EventsQueryDto) {
    return ok({ events: await this.events.list(user, query) });
  }
}
