import { Body, Controller, Get, Post, Query, Req, Res } from '@nestjs/common';
import { FastifyReply, FastifyRequest } from 'fastify';
import { clientIp } from '../common/rate-limit/caller-throttler.guard';
import { SignInThrottle } from '../common/rate-limit/sign-in-throttle';
import { formFields, exact } from './form';
import { Page } from './page.decorators';
import { PageOutcome, redirectTo, Shown, show } from './page-outcome';
import { plural } from './plural';
import { safeReturnPath } from './return-path';
import { SessionService } from './session.service';
import { SignInService } from './sign-in.service';
import { LOGIN_PAGE, LoginModel } from './web-views';

const TITLE = 'Sign in';

/** Browser sign-in and sign-out. */
@Controller()
export class SignInController {
  constructor(
    private readonly signIn: SignInService,
    private readonly sessions: SessionService,
    private readonly throttle: SignInThrottle,
  ) {}

  @Get('login')
  @Page('anyone')
  form(@Req() request: FastifyRequest, @Query('next') next?: string): PageOutcome<LoginModel> {
    if (request.webSession?.user) {
      return redirectTo(safeReturnPath(next));
    }
    return show(LOGIN_PAGE, { title: TITLE, next: safeReturnPath(next) });
  }

  @Post('login')
  @Page('anyone')
  async submit(
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
    @Body() body: unknown,
  ): Promise<PageOutcome<LoginModel>> {
    const form = formFields(body);
    const email = exact(form.email);
    const next = safeReturnPath(form.next);
    const attempt = await this.throttle.attempt(email, clientIp(request), () =>
      this.signIn.authenticate(email, exact(form.password)),
    );
    if (attempt.refused) {
      return tooMany(email, next, attempt.retryAfterSeconds);
    }
    if (!attempt.user) {
      return show(
        LOGIN_PAGE,
        { title: TITLE, email, next, error: 'Wrong email or password.' },
        401,
      );
    }
    const { user, membership } = attempt.user;
    await this.sessions.startSignedIn(request, reply, user, membership);
    return redirectTo(next, `Signed in as ${user.email}.`);
  }

  @Post('logout')
  @Page('anyone')
  async logout(@Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<PageOutcome> {
    await this.sessions.end(request.webSession, reply);
    return redirectTo('/login', 'You are signed out.');
  }
}

/** Too many failed sign-ins (the sign-in throttle): the form again, 429 and Retry-After. */
function tooMany(email: string, next: string, retryAfterSeconds: number): Shown<LoginModel> {
  const error =
    'Too many failed sign-ins for this account or from this address. ' +
    `Try again in ${plural(Math.ceil(retryAfterSeconds / 60), 'minute')}.`;
  return {
    ...show(LOGIN_PAGE, { title: TITLE, email, next, error }, 429),
    headers: { 'Retry-After': String(retryAfterSeconds) },
  };
}
