import { ArgumentsHost, Catch, ExceptionFilter, HttpException, Logger } from '@nestjs/common';
import { FastifyReply, FastifyRequest } from 'fastify';
import { DomainError } from '../common/errors';
import { DATABASE_RETRY_AFTER_SECONDS } from '../common/errors/database-unavailable.error';
import { isDatabaseUnavailable } from '../database/database-unavailable';
import { backLink } from './back-link';
import { show } from './page-outcome';
import { PageRenderer } from './page-renderer';
import { CsrfRejected, SignInRequired } from './web.errors';
import { ERROR_PAGE } from './web-views';

const TITLES: Record<number, string> = {
  400: 'Bad request',
  403: 'Forbidden',
  404: 'Not found',
  422: 'Cannot do that',
  500: 'Something went wrong',
  503: 'Temporarily unavailable',
};

/** Errors of HTML pages as HTML: sign-in redirect, CSRF 403 page, domain errors, 500 page. */
@Catch()
export class HtmlExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('HtmlExceptionFilter');

  constructor(private readonly pages: PageRenderer) {}

  catch(error: unknown, host: ArgumentsHost): void {
    const request = host.switchToHttp().getRequest<FastifyRequest>();
    const reply = host.switchToHttp().getResponse<FastifyReply>();
    void this.answer(error, request, reply).catch((failure: unknown) => {
      this.logger.error({ err: failure, reqId: request.id }, 'Error page failed');
      if (!reply.sent) {
        void reply.status(500).type('text/plain; charset=utf-8').send('Internal server error');
      }
    });
  }

  private async answer(error: unknown, request: FastifyRequest, reply: FastifyReply) {
    if (error instanceof SignInRequired) {
      const next = error.returnTo ? `?next=${encodeURIComponent(error.returnTo)}` : '';
      return reply.redirect(`/login${next}`, 303);
    }
    const { status, message, headers } = this.describe(error, request);
    const title = TITLES[status] ?? TITLES[status >= 500 ? 500 : 400];
    const back = backLink(request.url, Boolean(request.webSession?.user));
    const page = show(ERROR_PAGE, { title, status, message, back }, status);
    return this.pages.answer(request, reply, { ...page, headers });
  }

  private describe(
    error: unknown,
    request: FastifyRequest,
  ): { status: number; message: string; headers?: Record<string, string> } {
    if (isDatabaseUnavailable(error)) {
      this.logger.warn({ reqId: request.id }, 'Database unreachable');
      return {
        status: 503,
        message: 'The service cannot reach its database. Please try again in a moment.',
        headers: { 'Retry-After': String(DATABASE_RETRY_AFTER_SECONDS) },
      };
    }
    if (error instanceof CsrfRejected) {
      return { status: 403, message: error.message };
    }
    if (error instanceof DomainError) {
      return { status: error.httpStatus, message: error.message };
    }
    if (error instanceof HttpException && error.getStatus() < 500) {
      return { status: error.getStatus(), message: 'The request could not be handled.' };
    }
    this.logger.error({ err: error, reqId: request.id }, 'Unexpected failure on a page');
    return { status: 500, message: `Please try again later (request ${request.id}).` };
  }
}
