import { Body, Controller, Get, Post, Query } from '@nestjs/common';
import { AuthUser } from '../../common/auth/auth-user';
import { CurrentUser } from '../../common/auth/decorators';
import { Page, PathId } from '../../web/page.decorators';
import { alertNotFound, alertRuleNotFound } from '../alerts.errors';
import { alertListQuery, AlertListPageService } from './alert-list-page.service';
import { AlertRulePagesService } from './alert-rule-pages.service';

const RuleId = () => PathId(alertRuleNotFound);

/**
 * The Alerts page, for every signed-in user, with Acknowledge for those who may, and the alert rule pages: members read the list,
 * admins add, change and delete. HTML forms post: update and delete are posts, each answered by
 * a redirect (303) or the form (422).
 */
@Controller()
export class AlertPagesController {
  constructor(
    private readonly alerts: AlertListPageService,
    private readonly rules: AlertRulePagesService,
  ) {}

  @Get('alerts')
  @Page('signed-in')
  alertList(@CurrentUser() user: AuthUser, @Query() query: Record<string, unknown>) {
    return this.alerts.list(user, alertListQuery(query));
  }

  @Post('alerts/:id/acknowledge')
  @Page('signed-in')
  acknowledge(@CurrentUser() user: AuthUser, @PathId(alertNotFound) id: number) {
    return this.alerts.acknowledge(user, id);
  }

  @Get('alert_rules')
  @Page('signed-in')
  list(@CurrentUser() user: AuthUser) {
    return this.rules.list(user);
  }

  @Get('alert_rules/new')
  @Page('admin')
  newForm(@CurrentUser() user: AuthUser) {
    return this.rules.newForm(user);
  }

  @Post('alert_rules')
  @Page('admin')
  create(@CurrentUser() user: AuthUser, @Body() form: unknown) {
    return this.rules.create(user, form);
  }

  @Get('alert_rules/:id/edit')
  @Page('admin')
  editForm(@CurrentUser() user: AuthUser, @RuleId() id: number) {
    return this.rules.editForm(user, id);
  }

  @Post('alert_rules/:id')
  @Page('admin')
  update(@CurrentUser() user: AuthUser, @RuleId() id: number, @Body() form: unknown) {
    return this.rules.update(user, id, form);
  }

  @Post('alert_rules/:id/delete')
  @Page('admin')
  destroy(@CurrentUser() user: AuthUser, @RuleId() id: number) {
    return this.rules.destroy(user, id);
  }
}
