import { AlertRule } from './alert-rule.entity';
import { alertRuleView, maskedEmail, memberAlertRuleView } from './alert.view';

const rule = (fields: Partial<AlertRule>): AlertRule =>
  Object.assign(new AlertRule(), {
    id: 4,
    organisation_id: 1,
    name: 'Down',
    type: 'device_down',
    network_ids: [],
    for_seconds: 300,
    threshold: null,
    emails: [],
    enabled: true,
    created_at: new Date('2030-01-01T00:00:00Z'),
    updated_at: new Date('2030-01-01T00:00:00Z'),
    ...fields,
  });

describe('alert rules as members see them', () => {
  it('masks an address to its first character and its domain, whatever its length', () => {
    expect(maskedEmail('alice@example.com')).toBe('a***@example.com');
    expect(maskedEmail('a@example.com')).toBe('a***@example.com');
    expect(maskedEmail('élodie@exemple.fr')).toBe('é***@exemple.fr');
    expect(maskedEmail('"a@b"@example.com')).toBe('"***@example.com');
  });

  it('narrows network_ids to the readable networks and masks every address but their own', () => {
    const stored = rule({
      network_ids: [2, 3, 5],
      emails: ['ops@example.com', 'Me@Example.com', 'x@other.test'],
    });
    expect(memberAlertRuleView(stored, new Set([3, 5, 9]), 'me@example.com')).toEqual({
      ...alertRuleView(stored),
      network_ids: [3, 5],
      emails: ['o***@example.com', 'Me@Example.com', 'x***@other.test'],
    });
  });

  it('shows a rule of every network, and hides one whose networks are all hidden', () => {
    expect(memberAlertRuleView(rule({}), new Set(), 'me@example.com')?.network_ids).toEqual([]);
    expect(memberAlertRuleView(rule({ network_ids: [2] }), new Set([3]), 'me@x.test')).toBeNull();
  });
});
