import { Injectable } from '@nestjs/common';
import { FastifyReply, FastifyRequest } from 'fastify';
import { SessionService } from './session.service';
import { Flash } from './web-session';

/** Template names are paths under src/ without the extension, e.g. `upgrades/pages/views/list`. */
export type TemplateName = string;

/**
 * What a page controller does next: show a page (with a status) or redirect with a flash message
 * (a success unless its tone says error).
 */
export type PageOutcome =
  | { kind: 'page'; template: TemplateName; context: Record<string, unknown>; status: number }
  | { kind: 'redirect'; location: string; message: string; tone?: Flash['kind'] };

/** A redirect back to `location` whose flash message says why the action was refused. */
export function refusedTo(location: string, message: string): PageOutcome {
  return { kind: 'redirect', location, message, tone: 'error' };
}

/**
 * Renders a page inside the layout with what every page needs: the signed-in user, the CSRF token
 * of the session (every form posts it as `_csrf`) and the one-shot flash message.
 */
@Injectable()
export class PageRenderer {
  constructor(private readonly sessions: SessionService) {}

  async render(
    request: FastifyRequest,
    reply: FastifyReply,
    template: TemplateName,
    context: Record<string, unknown>,
    status = 200,
  ): Promise<void> {
    const session = request.webSession ?? this.sessions.startAnonymous(request, reply);
    const flash: Flash | null = this.sessions.takeFlash(request, reply);
    const html = await reply.viewAsync(`${template}.hbs`, {
      ...context,
      currentUser: session.user,
      csrfToken: this.sessions.csrfToken(session),
      flash,
    });
    await reply
      .status(status)
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(html);
  }

  /** Carries out a page service's outcome: the page, or the redirect with its success flash. */
  answer(request: FastifyRequest, reply: FastifyReply, outcome: PageOutcome): Promise<void> {
    return outcome.kind === 'redirect'
      ? this.redirect(request, reply, outcome.location, {
          kind: outcome.tone ?? 'success',
          message: outcome.message,
        })
      : this.render(request, reply, outcome.template, outcome.context, outcome.status);
  }

  /** 303 See Other to `location` with a flash message for the page it shows. */
  async redirect(
    request: FastifyRequest,
    reply: FastifyReply,
    location: string,
    flash?: Flash,
  ): Promise<void> {
    if (flash) {
      this.sessions.setFlash(request, reply, flash);
    }
    await reply.redirect(location, 303);
  }
}
