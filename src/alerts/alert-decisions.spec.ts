import {
  ConfigAlertState,
  configStateResolutions,
  eventDecisions,
  OpenFacts,
  RuleFacts,
  SeenEvent,
} from './alert-decisions';

const T0 = new Date('2026-11-27T10:00:00.000Z');
const at = (s: number) => new Date(T0.getTime() + s * 1000);
const rule = (id: number, type: RuleFacts['type'], fields: Partial<RuleFacts> = {}): RuleFacts => ({
  id,
  type,
  network_ids: [],
  enabled: true,
  active_since: T0,
  ...fields,
});
const device = { id: 7, mac_id: '0A:00:00:00:00:07', name: 'ap' };
const network = { id: 3, network_name: 'Lobby' };
const event = (type: string, s: number, data: Record<string, unknown> = {}): SeenEvent => ({
  type,
  occurred_at: at(s),
  device,
  network,
  data,
});

describe('eventDecisions: which events open and resolve alerts', () => {
  it('opens config_failed once and resolves it in the same run when the device runs the revision', () => {
    const decisions = eventDecisions(
      [rule(1, 'config_failed')],
      [
        event('device.config_failed', 1, { revision: 'r', message: 'bad' }),
        event('device.config_failed', 2, { revision: 'r', message: 'worse' }),
        event('device.config_applied', 3, { revision: 'r', in_sync: true }),
      ],
      [],
      new Map(),
    );
    expect(decisions.open).toHaveLength(1);
    expect(decisions.open[0]).toMatchObject({
      subject_id: 7,
      opened_at: at(1),
      resolved_at: at(3),
      data: { revision: 'r', message: 'bad' },
    });
  });

  it("resolves a device's config_failed when its label changes (a new revision)", () => {
    const open: OpenFacts[] = [
      { id: 12, alert_rule_id: 3, type: 'config_failed', device_id: 7, network_id: 3 },
    ];
    const decisions = eventDecisions([], [event('device.labelled', 1)], open, new Map());
    expect(decisions.resolve).toEqual([{ id: 12, at: at(1) }]);
  });

  it('resolves open alerts by the events that end them, and leaves the others', () => {
    const open: OpenFacts[] = [
      { id: 10, alert_rule_id: 1, type: 'device_down', device_id: 7, network_id: 3 },
      { id: 11, alert_rule_id: 2, type: 'clients_above', device_id: 7, network_id: 3 },
      { id: 12, alert_rule_id: 3, type: 'config_failed', device_id: 8, network_id: 3 },
    ];
    const decisions = eventDecisions(
      [],
      [
        event('device.up', 1),
        event('ssid.updated', 2),
        event('device.config_applied', 3, { in_sync: false }),
      ],
      open,
      new Map(),
    );
    expect(decisions.resolve).toEqual([
      { id: 10, at: at(1) },
      { id: 12, at: at(2) },
    ]);
  });

  it('opens nothing for a disabled rule, before it was active, or out of scope', () => {
    const failed = event('upgrade.failed', 1, { upgrade_id: 5, error: 'x' });
    const rules = [
      rule(1, 'upgrade_failed', { enabled: false }),
      rule(2, 'upgrade_failed', { active_since: at(2) }),
      rule(3, 'upgrade_failed', { network_ids: [4] }),
    ];
    expect(eventDecisions(rules, [failed], [], new Map()).open).toEqual([]);
    expect(eventDecisions([rule(4, 'upgrade_failed')], [failed], [], new Map()).open).toMatchObject(
      [{ resolved_at: at(1), data: { upgrade_id: 5, error: 'x' } }],
    );
  });

  it("opens rollout_halted by the networks of the rollout's devices, with no device", () => {
    const halted = event('rollout.halted', 1, { rollout_id: 9 });
    const networks = new Map([[9, [null, 4]]]);
    const decisions = eventDecisions(
      [
        rule(1, 'rollout_halted', { network_ids: [4] }),
        rule(2, 'rollout_halted', { network_ids: [5] }),
      ],
      [halted],
      [],
      networks,
    );
    expect(decisions.open).toMatchObject([
      { rule: { id: 1 }, subject_id: 9, device: null, network: null, data: { rollout_id: 9 } },
    ]);
  });
});

describe('eventDecisions: configuration rollouts', () => {
  it('opens rollout_halted for a halted configuration rollout of a network in scope, resolved at once', () => {
    const halted = event('config_rollout.halted', 1, { config_rollout_id: 9, reason: 'threshold' });
    const decisions = eventDecisions(
      [
        rule(1, 'rollout_halted', { network_ids: [3] }),
        rule(2, 'rollout_halted', { network_ids: [5] }),
      ],
      [halted],
      [],
      new Map(),
    );
    expect(decisions.open).toMatchObject([
      {
        rule: { id: 1 },
        device: null,
        network,
        resolved_at: at(1),
        data: { config_rollout_id: 9 },
      },
    ]);
  });
});

describe('configStateResolutions', () => {
  const state = (id: number, revision: string, device: ConfigAlertState['device']) => ({
    id,
    revision,
    device,
  });

  it('resolves the alerts whose device runs its current revision or has another one', () => {
    expect(
      configStateResolutions(
        [
          state(1, 'r', { revision: 'r', in_sync: true }),
          state(2, 'r', { revision: 's', in_sync: false }),
          state(3, 'r', { revision: 'r', in_sync: false }),
          state(4, 'r', null),
        ],
        at(5),
      ),
    ).toEqual([
      { id: 1, at: at(5) },
      { id: 2, at: at(5) },
    ]);
  });
});
