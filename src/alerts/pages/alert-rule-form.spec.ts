import { alertRuleFormOf, readAlertRuleForm, toAlertRuleInput } from './alert-rule-form';

describe('the alert rule form', () => {
  it('reads what was typed: one network or several, a missing checkbox as off', () => {
    expect(readAlertRuleForm({ name: ' Down ', type: 'device_down', network_ids: '3' })).toEqual({
      name: 'Down',
      type: 'device_down',
      network_ids: [3],
      for_seconds: '',
      threshold: '',
      emails: '',
      enabled: false,
    });
    expect(readAlertRuleForm({ network_ids: ['3', '4', 'x'] }).network_ids).toEqual([3, 4, NaN]);
  });

  it('splits the addresses at line breaks and commas, and sends only the numbers the type uses', () => {
    const values = {
      name: 'Busy',
      type: 'clients_above',
      network_ids: [3],
      for_seconds: '',
      threshold: '40',
      emails: 'a@example.com\r\nb@example.com, c@example.com;;',
      enabled: true,
    };
    expect(toAlertRuleInput(values)).toEqual({
      name: 'Busy',
      type: 'clients_above',
      network_ids: [3],
      for_seconds: null,
      threshold: 40,
      emails: ['a@example.com', 'b@example.com', 'c@example.com'],
      enabled: true,
    });
    expect(toAlertRuleInput({ ...values, type: 'config_failed', for_seconds: '60' })).toMatchObject(
      { for_seconds: undefined, threshold: undefined },
    );
    expect(toAlertRuleInput({ ...values, threshold: '4.5', for_seconds: 'soon' })).toMatchObject({
      for_seconds: NaN,
      threshold: NaN,
    });
  });

  it('shows a rule as the form edits it', () => {
    expect(
      alertRuleFormOf({
        id: 1,
        name: 'Config',
        type: 'config_failed',
        network_ids: [2],
        for_seconds: 0,
        threshold: null,
        emails: ['a@example.com', 'b@example.com'],
        enabled: false,
        created_at: '',
        updated_at: '',
      }),
    ).toEqual({
      name: 'Config',
      type: 'config_failed',
      network_ids: [2],
      for_seconds: '',
      threshold: '',
      emails: 'a@example.com\nb@example.com',
      enabled: false,
    });
  });
});
