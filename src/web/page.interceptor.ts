import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import { FastifyReply, FastifyRequest } from 'fastify';
import { from, mergeMap, Observable } from 'rxjs';
import { Answer } from './page-outcome';
import { PageRenderer } from './page-renderer';

/**
 * Answers a page route with what its handler returned (a page, a redirect, a download): the
 * handler only says what to show. @Page gives the route a response parameter of its own, so
 * that Nest leaves the response to this interceptor.
 */
@Injectable()
export class PageInterceptor implements NestInterceptor<Answer, void> {
  constructor(private readonly renderer: PageRenderer) {}

  intercept(context: ExecutionContext, next: CallHandler<Answer>): Observable<void> {
    const http = context.switchToHttp();
    const request = http.getRequest<FastifyRequest>();
    const reply = http.getResponse<FastifyReply>();
    return next
      .handle()
      .pipe(mergeMap((answer) => from(this.renderer.answer(request, reply, answer))));
  }
}
