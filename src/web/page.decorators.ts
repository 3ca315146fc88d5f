import {
  applyDecorators,
  createParamDecorator,
  ExecutionContext,
  Res,
  SetMetadata,
  UseFilters,
  UseGuards,
  UseInterceptors,
} from '@nestjs/common';
import { RouteConstraints } from '@nestjs/platform-fastify';
import { ApiExcludeEndpoint } from '@nestjs/swagger';
import { FastifyRequest } from 'fastify';
import { Public } from '../common/auth/decorators';
import { DomainError } from '../common/errors';
import { HtmlExceptionFilter } from './html-exception.filter';
import { HTML_FORMAT } from './html-format';
import { PAGE_ACCESS, PageAccess } from './page-access';
import { PageInterceptor } from './page.interceptor';
import { pathId } from './path-id';
import { SessionGuard } from './session.guard';

/**
 * An HTML page or form post. It is public for the bearer guard and guarded by the browser session
 * instead (SessionGuard: sign-in redirect, role, CSRF on POST); the handler returns what to show
 * (page-outcome.ts), which PageInterceptor answers; errors render as HTML pages.
 */
export const Page =
  (access: PageAccess = 'signed-in'): MethodDecorator =>
  (target, key, descriptor) => {
    applyDecorators(
      Public(),
      SetMetadata(PAGE_ACCESS, access),
      UseGuards(SessionGuard),
      UseInterceptors(PageInterceptor),
      UseFilters(HtmlExceptionFilter),
      ApiExcludeEndpoint(),
    )(target, key, descriptor);
    // A response parameter past the handler's own: Nest then leaves the answer to the
    // interceptor (a handler that takes the response sends it itself) and the handler's
    // signature stays what it reads.
    const declared = Reflect.getMetadata('design:paramtypes', target, key) as unknown[] | undefined;
    Res()(target, key, declared?.length ?? (descriptor.value as () => unknown).length);
  };

/**
 * A page on a path the JSON API shares: Fastify routes the request here only when
 * it asks for HTML (see html-format.ts); every other request reaches the JSON handler.
 */
export const HtmlOnly = () => RouteConstraints({ [HTML_FORMAT.name]: 'html' });

/** A parameter of the page's path, read by `read` (which throws the page's error when it cannot). */
export const PathParam = createParamDecorator(
  <T>(param: { name: string; read: (value: string) => T }, context: ExecutionContext): T => {
    const params = context.switchToHttp().getRequest<FastifyRequest>().params as Record<
      string,
      string
    >;
    return param.read(params[param.name] ?? '');
  },
);

/** A record id of the page's path (`:id` unless named), or the page's `notFound()`. */
export const PathId = (notFound: () => DomainError, name = 'id') =>
  PathParam({ name, read: (value) => pathId(value, notFound) });
