import { Body, Controller, Get, Post, Query } from '@nestjs/common';
import { AuthUser } from '../../common/auth/auth-user';
import { CurrentUser } from '../../common/auth/decorators';
import { Page, PathId } from '../../web/page.decorators';
import { pageNumber } from '../../web/pager';
import { webhookNotFound } from '../webhooks.errors';
import { WebhookPagesService } from './webhook-pages.service';

const WebhookId = () => PathId(webhookNotFound);

/**
 * The webhook pages, admins only. HTML forms post: update, delete, test, rotation and
 * redelivery are posts, each answered by a redirect (303) or the page it leads to.
 */
@Controller('webhooks')
export class WebhookPagesController {
  constructor(private readonly pages: WebhookPagesService) {}

  @Get()
  @Page('admin')
  list(@CurrentUser() user: AuthUser) {
    return this.pages.list(user);
  }

  @Get('new')
  @Page('admin')
  newForm() {
    return this.pages.newForm();
  }

  @Post()
  @Page('admin')
  create(@CurrentUser() user: AuthUser, @Body() form: unknown) {
    return this.pages.create(user, form);
  }

  @Get(':id')
  @Page('admin')
  show(@CurrentUser() user: AuthUser, @WebhookId() id: number, @Query('page') page?: string) {
    return this.pages.show(user, id, pageNumber(page));
  }

  @Get(':id/edit')
  @Page('admin')
  editForm(@CurrentUser() user: AuthUser, @WebhookId() id: number) {
    return this.pages.editForm(user, id);
  }

  @Post(':id')
  @Page('admin')
  update(@CurrentUser() user: AuthUser, @WebhookId() id: number, @Body() form: unknown) {
    return this.pages.update(user, id, form);
  }

  @Post(':id/delete')
  @Page('admin')
  destroy(@CurrentUser() user: AuthUser, @WebhookId() id: number) {
    return this.pages.destroy(user, id);
  }

  @Post(':id/test')
  @Page('admin')
  test(@CurrentUser() user: AuthUser, @WebhookId() id: number) {
    return this.pages.test(user, id);
  }

  @Post(':id/rotate_secret')
  @Page('admin')
  rotate(@CurrentUser() user: AuthUser, @WebhookId() id: number) {
    return this.pages.rotate(user, id);
  }

  @Post(':id/deliveries/:delivery_id/redeliver')
  @Page('admin')
  redeliver(
    @CurrentUser() user: AuthUser,
    @WebhookId() id: number,
    @PathId(webhookNotFound, 'delivery_id') deliveryId: number,
  ) {
    return this.pages.redeliver(user, id, deliveryId);
  }
}
