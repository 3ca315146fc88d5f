import { inScope, ruleFields } from './alert-rules';

describe('ruleFields: the fields of an alert rule', () => {
  it('gives each type its defaults', () => {
    expect(ruleFields(null, { name: 'a', type: 'device_down' })).toEqual({
      fields: {
        name: 'a',
        type: 'device_down',
        network_ids: [],
        for_seconds: 300,
        threshold: null,
        emails: [],
        enabled: true,
      },
    });
    expect(ruleFields(null, { name: 'a', type: 'clients_above', threshold: 0 })).toMatchObject({
      fields: { for_seconds: 0, threshold: 0 },
    });
  });

  it('keeps the stored fields a change does not name, and takes the new type defaults', () => {
    const before = ruleFields(null, { name: 'a', type: 'device_down', for_seconds: 60 });
    if (!('fields' in before)) {
      throw new Error('refused');
    }
    expect(ruleFields(before.fields, { enabled: false })).toMatchObject({
      fields: { for_seconds: 60, enabled: false },
    });
    expect(ruleFields(before.fields, { type: 'config_failed' })).toMatchObject({
      fields: { type: 'config_failed', for_seconds: 0, threshold: null },
    });
    expect(ruleFields(before.fields, { type: 'clients_above' })).toEqual({
      problems: ['threshold must be an integer of 0 or more (required by clients_above)'],
    });
  });

  it('names every bad value', () => {
    expect(
      ruleFields(null, {
        name: '',
        type: 'upgrade_failed',
        for_seconds: 5,
        threshold: 3,
        network_ids: [1.5],
        emails: ['x'],
      }),
    ).toEqual({
      problems: [
        'name must be 1 to 255 characters',
        'for_seconds is not used by upgrade_failed',
        'threshold is not used by upgrade_failed',
        'network_ids must be a list of network ids',
        'emails has invalid addresses: x',
      ],
    });
  });

  it('bounds threshold to a 32-bit integer, and keeps any integer network id for the lookup to refuse', () => {
    expect(ruleFields(null, { name: 'a', type: 'clients_above', threshold: 2 ** 31 })).toEqual({
      problems: ['threshold must be at most 2147483647'],
    });
    expect(
      ruleFields(null, { name: 'a', type: 'clients_above', threshold: 2 ** 31 - 1 }),
    ).toMatchObject({ fields: { threshold: 2 ** 31 - 1 } });
    expect(
      ruleFields(null, { name: 'a', type: 'device_down', network_ids: [0, 2 ** 31, 2 ** 53] }),
    ).toMatchObject({ fields: { network_ids: [0, 2 ** 31, 2 ** 53] } });
    expect(
      ruleFields(null, { name: 'a', type: 'device_down', network_ids: ['1' as never] }),
    ).toEqual({ problems: ['network_ids must be a list of network ids'] });
  });

  it('scopes a rule to its networks, or to every device when it names none', () => {
    expect(inScope({ network_ids: [] }, null)).toBe(true);
    expect(inScope({ network_ids: [1] }, 1)).toBe(true);
    expect(inScope({ network_ids: [1] }, null)).toBe(false);
    expect(inScope({ network_ids: [1] }, 2)).toBe(false);
  });
});
