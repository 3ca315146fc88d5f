import { AlertEvaluator } from '../../src/alerts/alert-evaluator.service';
import { TestApp } from './app';
import { Caller } from './fixtures';
import { withoutPeriodicWork } from './periodic-work';

/** Helpers for the alert tests. */
export function alertFixtures(t: () => TestApp) {
  /** Creates a rule (200 expected) and answers its record. */
  const rule = async (caller: Caller, fields: Record<string, unknown>) => {
    const res = await t()
      .http()
      .post('/v1/alert_rules')
      .set(caller.auth)
      .send({ alert_rule: { name: 'rule', ...fields } })
      .expect(200);
    return res.body.data.alert_rule as { id: number } & Record<string, unknown>;
  };

  /** The alerts the caller sees for these query parameters (200 expected). */
  const alerts = async (caller: Caller, query: Record<string, string | number> = {}) => {
    const res = await t().http().get('/v1/alerts').query(query).set(caller.auth).expect(200);
    return res.body.data.alerts as ({ id: number; state: string } & Record<string, unknown>)[];
  };

  /** One evaluation pass of the organisation (as every instance runs each second), alone. */
  const evaluate = (orgId: number, now = new Date()) =>
    withoutPeriodicWork(t().app, () => t().app.get(AlertEvaluator).evaluate(orgId, now));

  return { rule, alerts, evaluate };
}
