import { applyDecorators, SetMetadata, UseFilters, UseGuards } from '@nestjs/common';
import { ApiExcludeEndpoint } from '@nestjs/swagger';
import { RouteConstraints } from '@nestjs/platform-fastify';
import { Public } from '../common/auth/decorators';
import { HtmlExceptionFilter } from './html-exception.filter';
import { HTML_FORMAT } from './html-format';
import { PAGE_ACCESS, PageAccess } from './page-access';
import { SessionGuard } from './session.guard';

/**
 * An HTML page or form post. It is public for the bearer guard and guarded by the browser session
 * instead (SessionGuard: sign-in redirect, role, CSRF on POST); errors render as HTML pages.
 */
export const Page = (access: PageAccess = 'signed-in') =>
  applyDecorators(
    Public(),
    SetMetadata(PAGE_ACCESS, access),
    UseGuards(SessionGuard),
    UseFilters(HtmlExceptionFilter),
    ApiExcludeEndpoint(),
  );

/**
 * A page on a path the JSON API shares (CONTRACT 2): Fastify routes the request here only when
 * it asks for HTML (see html-format.ts); every other request reaches the JSON handler.
 */
export const HtmlOnly = () => RouteConstraints({ [HTML_FORMAT.name]: 'html' });
