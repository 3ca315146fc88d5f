import { ValidationFailedError } from '../../common/errors';
import { toNetworkUpdate } from './network-form';
import { confirmationOf, readSsidForm, toSsidInput, unknownValues } from './ssid-form';

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
      advanced: expect.objectContaining({ clearBlank: false }) as unknown,
    });
  });

  it('sends the advanced part only where it has something to say', () => {
    const input = toSsidInput(
      readSsidForm({
        ssid_name: 'Staff',
        splash_url: ' https://portal.example/ ',
        shown_wallgarden: 'true',
      }),
      null,
    );
    expect(input).toMatchObject({ splash_url: 'https://portal.example/', wallgarden: 'false' });
    expect(input).not.toHaveProperty('auth_radius_id');
    expect(input).not.toHaveProperty('captive_portal');
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

  it('asks to confirm a security mode or band it does not know, unless kept as stored', () => {
    const known = { ...typed, security_mode: 'wpa3-sae', radio_band: 'dual' };
    expect(unknownValues(known, null)).toEqual([]);
    expect(confirmationOf(known, null)).toBe('');
    expect(unknownValues({ ...known, radio_band: '' }, null)).toEqual([]);
    const typo = { ...known, security_mode: 'WPA3-SAE' };
    expect(unknownValues(typo, null).map(({ field }) => field)).toEqual(['security_mode']);
    expect(confirmationOf(typo, null)).toBe('security_mode=WPA3-SAE');
    expect(unknownValues(typo, typo)).toEqual([]);
    expect(confirmationOf({ ...typo, radio_band: '7 GHz' }, null)).toBe(
      'security_mode=WPA3-SAE&radio_band=7+GHz',
    );
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
