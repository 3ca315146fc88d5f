import { ValidationFailedError } from '../../common/errors';
import { toNetworkUpdate } from './network-form';
import { readSsidForm, toSsidInput } from './ssid-form';

describe('the SSID form', () => {
  const typed = readSsidForm({
    ssid_name: ' Staff ',
    is_enabled: 'maybe',
    is_hidden: 'false',
    security_mode: ' wpa2 ',
    wpa_key: ' spaced key ',
    radio_band: '5',
    v_lan_id: ' 30 ',
  });

  it('keeps names and keys as typed, trims the rest, and reads an unknown choice as not set', () => {
    expect(typed).toEqual({
      ssid_name: ' Staff ',
      is_enabled: '',
      is_hidden: 'false',
      security_mode: 'wpa2',
      wpa_key: ' spaced key ',
      radio_band: '5',
      v_lan_id: '30',
    });
  });

  it('sets the VLAN id inside the stored VLAN, keeping its other keys', () => {
    expect(toSsidInput(typed, { name: 'staff', v_lan_id: 20 }).v_lan_attributes).toEqual({
      name: 'staff',
      v_lan_id: '30',
    });
    expect(toSsidInput({ ...typed, v_lan_id: '' }, { name: 'staff' }).v_lan_attributes).toEqual({
      name: 'staff',
      v_lan_id: null,
    });
  });

  it('sends no VLAN when there is none before or after', () => {
    expect(toSsidInput({ ...typed, v_lan_id: '' }, null)).not.toHaveProperty('v_lan_attributes');
  });
});

describe('the network form', () => {
  it("refuses with the JSON route's messages and code", () => {
    let refusal: unknown;
    try {
      toNetworkUpdate({ network_name: '', timezone: 'Mars/Olympus', network_template: 'x' });
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(ValidationFailedError);
    expect((refusal as ValidationFailedError).code).toBe(1010);
    expect((refusal as ValidationFailedError).messages).toEqual([
      'network_name should not be empty',
      'timezone must be one of the listed time zones',
      'network_template must be an integer number',
    ]);
  });

  it('reads an empty template as none and a template id as a number', () => {
    const base = { network_name: 'Lobby', timezone: 'UTC' };
    expect(toNetworkUpdate({ ...base, network_template: '' }).network_template).toBeNull();
    expect(toNetworkUpdate({ ...base, network_template: '7' }).network_template).toBe(7);
  });
});
