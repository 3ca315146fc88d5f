import { Injectable } from '@nestjs/common';
import { FastifyReply, FastifyRequest } from 'fastify';
import { AuthUser } from '../common/auth/auth-user';
import { MembershipsRepository } from '../users/memberships.repository';
import { Answer, LayoutModel, OrganisationChoice, PageModel, Shown } from './page-outcome';
import { SessionService } from './session.service';

/**
 * Carries out what a page answers: the page inside the layout, with what every page needs (the
 * signed-in user, the session's CSRF token, the one-shot flash message); a redirect (303) with
 * its flash; or a download.
 */
@Injectable()
export class PageRenderer {
  constructor(
    private readonly sessions: SessionService,
    private readonly memberships: MembershipsRepository,
  ) {}

  async answer(request: FastifyRequest, reply: FastifyReply, answer: Answer): Promise<void> {
    switch (answer.kind) {
      case 'page':
        return this.render(request, reply, answer);
      case 'redirect':
        if (answer.flash) {
          this.sessions.setFlash(request, reply, answer.flash);
        }
        await reply.redirect(answer.location, 303);
        return;
      case 'download':
        await reply
          .header('content-type', answer.contentType)
          .header('content-disposition', `attachment; filename="${answer.name}"`)
          .header('cache-control', 'no-store')
          .send(answer.body);
        return;
    }
  }

  private async render<M extends PageModel>(
    request: FastifyRequest,
    reply: FastifyReply,
    page: Shown<M>,
  ): Promise<void> {
    const session = request.webSession ?? this.sessions.startAnonymous(request, reply);
    const layout: LayoutModel = {
      currentUser: session.user,
      organisationChoices: await this.organisationChoices(session.user),
      csrfToken: this.sessions.csrfToken(session),
      flash: this.sessions.takeFlash(request, reply),
    };
    const html = await reply.viewAsync(`${page.view.template}.hbs`, { ...page.model, ...layout });
    await reply
      .status(page.status)
      .headers(page.headers ?? {})
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(html);
  }

  /** The user's organisations when they have more than one: the header offers the others. */
  private async organisationChoices(user: AuthUser | null): Promise<OrganisationChoice[]> {
    const memberships = user ? await this.memberships.ofUser(user.id) : [];
    return memberships.length > 1
      ? memberships.map(({ organisation }) => ({
          id: organisation.id,
          name: organisation.name,
          current: organisation.id === user!.organisation_id,
        }))
      : [];
  }
}
