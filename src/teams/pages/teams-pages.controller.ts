import { Body, Controller, Get, Post, Query, Req, Res } from '@nestjs/common';
import { FastifyReply, FastifyRequest } from 'fastify';
import { AuthUser } from '../../common/auth/auth-user';
import { CurrentUser } from '../../common/auth/decorators';
import { Page, PathId } from '../../web/page.decorators';
import { invitationNotFound, memberNotFound } from '../teams.errors';
import { TeamsPagesService } from './teams-pages.service';

/**
 * The console's organisation switch, "All organisations" page, Members page (admins) and the
 * invitation's accept page (anyone holding its link).
 */
@Controller()
export class TeamsPagesController {
  constructor(private readonly pages: TeamsPagesService) {}

  @Post('organisation')
  @Page('signed-in')
  switchTo(@Req() request: FastifyRequest, @Body() body: unknown) {
    return this.pages.switchTo(request, body);
  }

  @Get('organisations')
  @Page('signed-in')
  organisations(@CurrentUser() user: AuthUser) {
    return this.pages.organisations(user);
  }

  @Get('members')
  @Page('admin')
  members(@CurrentUser() user: AuthUser) {
    return this.pages.membersPage(user);
  }

  @Post('members/invitations')
  @Page('admin')
  invite(@CurrentUser() user: AuthUser, @Body() body: unknown) {
    return this.pages.invite(user, body);
  }

  @Post('members/invitations/:id/revoke')
  @Page('admin')
  revokeInvitation(@CurrentUser() user: AuthUser, @PathId(invitationNotFound) id: number) {
    return this.pages.revokeInvitation(user, id);
  }

  @Post('members/:id/role')
  @Page('admin')
  changeRole(
    @CurrentUser() user: AuthUser,
    @PathId(memberNotFound) id: number,
    @Body() body: unknown,
  ) {
    return this.pages.changeRole(user, id, body);
  }

  @Post('members/:id/remove')
  @Page('admin')
  remove(@CurrentUser() user: AuthUser, @PathId(memberNotFound) id: number) {
    return this.pages.remove(user, id);
  }

  @Get('invitations/accept')
  @Page('anyone')
  acceptPage(@Req() request: FastifyRequest, @Query('token') token?: string) {
    return this.pages.acceptPage(request, token);
  }

  @Post('invitations/accept')
  @Page('anyone')
  accept(@Req() request: FastifyRequest, @Res() reply: FastifyReply, @Body() body: unknown) {
    return this.pages.accept(request, reply, body);
  }
}
