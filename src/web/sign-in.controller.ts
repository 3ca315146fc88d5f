import { Body, Controller, Get, Post, Query, Req, Res } from '@nestjs/common';
import { FastifyReply, FastifyRequest } from 'fastify';
import { clientIp } from '../common/rate-limit/caller-throttler.guard';
import { SignInThrottle } from '../common/rate-limit/sign-in-throttle';
import { Page } from './page.decorators';
import { PageRenderer } from './page-renderer';
import { safeReturnPath } from './return-path';
import { SessionService } from './session.service';
import { SignInService } from './sign-in.service';

type LoginForm = Record<string, unknown>;

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** Browser sign-in and sign-out (CONTRACT 3). */
@Controller()
export class SignInController {
  constructor(
    private readonly signIn: SignInService,
    private readonly sessions: SessionService,
    private readonly pages: PageRenderer,
    private readonly throttle: SignInThrottle,
  ) {}

  @Get('login')
  @Page('anyone')
  async form(
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
    @Query('next') next?: string,
  ): Promise<void> {
    if (request.webSession?.user) {
      return reply.redirect(safeReturnPath(next), 303);
    }
    return this.pages.render(request, reply, 'web/views/login', {
      title: 'Sign in',
      next: safeReturnPath(next),
    });
  }

  @Post('login')
  @Page('anyone')
  async submit(
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
    @Body() form: LoginForm,
  ): Promise<void> {
    const email = text(form.email);
    const attempt = await this.throttle.attempt(email, clientIp(request), () =>
      this.signIn.authenticate(email, text(form.password)),
    );
    if (attempt.refused) {
      return this.refuse(request, reply, form, attempt.retryAfterSeconds);
    }
    const user = attempt.user;
    if (!user) {
      return this.pages.render(
        request,
        reply,
        'web/views/login',
        {
          title: 'Sign in',
          email,
          next: safeReturnPath(form.next),
          error: 'Wrong email or password.',
        },
        401,
      );
    }
    await this.sessions.startSignedIn(request, reply, user);
    return this.pages.redirect(request, reply, safeReturnPath(form.next), {
      kind: 'success',
      message: `Signed in as ${user.email}.`,
    });
  }

  /** Too many failed sign-ins (CONTRACT 9): the form again, 429 and Retry-After. */
  private refuse(
    request: FastifyRequest,
    reply: FastifyReply,
    form: LoginForm,
    retryAfterSeconds: number,
  ): Promise<void> {
    const minutes = Math.ceil(retryAfterSeconds / 60);
    void reply.header('Retry-After', String(retryAfterSeconds));
    return this.pages.render(
      request,
      reply,
      'web/views/login',
      {
        title: 'Sign in',
        email: text(form.email),
        next: safeReturnPath(form.next),
        error:
          'Too many failed sign-ins for this account or from this address. ' +
          `Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
      },
      429,
    );
  }

  @Post('logout')
  @Page('anyone')
  async logout(@Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    await this.sessions.end(request.webSession, reply);
    return this.pages.redirect(request, reply, '/login', {
      kind: 'success',
      message: 'You are signed out.',
    });
  }
}
