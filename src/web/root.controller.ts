import { Controller, Get, Req, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { FastifyReply, FastifyRequest } from 'fastify';
import { Public } from '../common/auth/decorators';
import { ok } from '../common/http/envelope';
import { CONSOLE_HOME } from './return-path';
import { SessionService } from './session.service';

/** The links of the JSON index: where an API client goes next. */
export const API_INDEX = {
  name: 'Airfleet',
  links: {
    docs: '/docs',
    openapi: '/docs-json',
    health: '/health',
    console: CONSOLE_HOME,
  },
};

/** Whether the request comes from a browser: it asks for HTML (curl and API clients do not). */
const wantsHtml = (request: FastifyRequest): boolean =>
  (request.headers.accept ?? '').includes('text/html');

/**
 * `GET /`: a browser goes to the console, or to sign-in without a session; an API
 * client gets a JSON index of where to find the documentation and the health check.
 */
@Controller()
@ApiTags('operations')
export class RootController {
  constructor(private readonly sessions: SessionService) {}

  @Get()
  @Public()
  @ApiOperation({
    operationId: 'api_index',
    summary: 'Index: links to the documentation, the OpenAPI document and the health check',
    security: [],
    description:
      'Browsers (Accept: text/html) are redirected (303) to the console, or to sign-in. ' +
      'Other clients get links to the API documentation, the OpenAPI document and the health check.',
  })
  @ApiOkResponse({
    schema: {
      type: 'object',
      required: ['data', 'status'],
      properties: {
        data: {
          type: 'object',
          properties: {
            name: { type: 'string', example: 'Airfleet' },
            links: {
              type: 'object',
              properties: {
                docs: { type: 'string', example: '/docs' },
                openapi: { type: 'string', example: '/docs-json' },
                health: { type: 'string', example: '/health' },
                console: { type: 'string', example: CONSOLE_HOME },
              },
            },
          },
        },
        status: { type: 'integer', example: 200 },
      },
    },
  })
  async index(@Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    if (wantsHtml(request)) {
      const session = await this.sessions.load(request);
      return reply.redirect(session?.user ? CONSOLE_HOME : '/login', 303);
    }
    return reply.send(ok(API_INDEX));
  }
}
