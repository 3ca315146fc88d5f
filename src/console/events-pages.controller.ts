import { Controller, Get, Query, Req, Res } from '@nestjs/common';
import { FastifyReply, FastifyRequest } from 'fastify';
import { AuthUser } from '../common/auth/auth-user';
import { CurrentUser } from '../common/auth/decorators';
import { readId } from '../common/ids/id';
import { Page } from '../web/page.decorators';
import { PageRenderer } from '../web/page-renderer';
import { ConsoleEventsService } from './console-events.service';

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : undefined);

/** The Events page of the console (issue 26). */
@Controller()
export class EventsPagesController {
  constructor(
    private readonly events: ConsoleEventsService,
    private readonly renderer: PageRenderer,
  ) {}

  @Get('events')
  @Page('signed-in')
  async list(
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
    @CurrentUser() user: AuthUser,
    @Query() query: Record<string, unknown>,
  ): Promise<void> {
    return this.renderer.render(
      request,
      reply,
      'console/views/events',
      await this.events.page(user, {
        type: text(query.type) || undefined,
        mac_id: text(query.mac_id) || undefined,
        network_id: readId(query.network_id) ?? undefined,
        before: readId(query.before) ?? undefined,
      }),
    );
  }
}
