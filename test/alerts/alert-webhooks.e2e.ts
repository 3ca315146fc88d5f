import { onBothDatabases } from '../harness/app';
import { alertFixtures } from '../harness/alerts.helpers';
import { gatewayFixtures } from '../harness/device-gateway.helpers';
import { webhookFixtures } from '../harness/webhooks.helpers';

/** Alert openings and resolutions are events, so webhooks carry them, signed. */
onBothDatabases(
  'alert events delivered by webhooks',
  (t) => {
    const a = alertFixtures(t);
    const g = gatewayFixtures(t);
    const w = webhookFixtures(t);

    it('delivers alert.opened and alert.resolved to a webhook subscribed to alert.*', async () => {
      const admin = await t().fixtures.admin();
      const receiver = await w.receiver();
      const hook = await w.register(admin, { url: receiver.url(), event_types: ['alert.*'] });
      const ap = await g.device(admin.orgId, { name: 'hall-ap' });
      const revision = (await g.checkin(ap.auth).expect(200)).body.config.revision as string;
      const rule = await a.rule(admin, { type: 'config_failed' });
      await g.checkin(ap.auth, { config_error: { revision, message: 'bad' } }).expect(200);
      await w.eventually(async () => ((await a.alerts(admin)).length === 1 ? true : undefined));
      await g.checkin(ap.auth, { config_revision: revision }).expect(200);
      const list = await w.settled(
        admin,
        hook.id,
        (l) => l.length === 2 && l.every((d) => d.state === 'succeeded'),
      );
      expect(list.map((d) => d.event_type).sort()).toEqual(['alert.opened', 'alert.resolved']);
      const payloads = receiver.received.map(
        (request) => w.verify(hook.secret, request) as { type: string; data: { data: object } },
      );
      const [alert] = await a.alerts(admin);
      expect(payloads.map((p) => [p.type, p.data.data])).toEqual(
        expect.arrayContaining([
          [
            'alert.opened',
            {
              alert_id: alert.id,
              alert_rule_id: rule.id,
              alert_type: 'config_failed',
              opened_at: alert.opened_at,
              resolved_at: null,
            },
          ],
          [
            'alert.resolved',
            {
              alert_id: alert.id,
              alert_rule_id: rule.id,
              alert_type: 'config_failed',
              opened_at: alert.opened_at,
              resolved_at: alert.resolved_at,
            },
          ],
        ]),
      );
    });
  },
  { WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true' },
);
