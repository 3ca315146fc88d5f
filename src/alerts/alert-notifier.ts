import { Alert } from './alert.entity';
import { AlertRule } from './alert-rule.entity';

/** One opening or resolution of an alert, as its notifications tell it. */
export interface AlertTransition {
  alert: Alert;
  rule: AlertRule;
  kind: 'opened' | 'resolved';
  /** Set when the alert resolved because its rule was deleted, not because its condition ended. */
  ruleDeleted?: true;
}

/**
 * What follows alert transitions in their transaction besides their events: the alert
 * e-mails (alerts/mail), queued so that they are sent after the commit and retried.
 */
export abstract class AlertNotifier {
  abstract notify(orgId: number, transitions: AlertTransition[]): Promise<void>;
}
