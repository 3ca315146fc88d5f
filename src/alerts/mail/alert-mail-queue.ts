import { Injectable } from '@nestjs/common';
import { AlertNotifier, AlertTransition } from '../alert-notifier';

/** The e-mails of alert transitions (OPERATIONS 6): none without SMTP_URL. */
@Injectable()
export class AlertMailQueue extends AlertNotifier {
  async notify(_orgId: number, _transitions: AlertTransition[]): Promise<void> {}
}
