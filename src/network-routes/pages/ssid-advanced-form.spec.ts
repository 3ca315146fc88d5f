import { NetworkSsidView } from '../../network-ssids/network-ssid.view';
import { advancedOf, advancedPart, readAdvanced, toAdvancedInput } from './ssid-advanced-form';

describe("the SSID form's RADIUS, captive portal and DHCP part", () => {
  const stored = {
    id: 1,
    location_network_id: 2,
    ssid_name: 'Guests',
    auth_radius_id: 'radius-1',
    acc_radius_enabled: null,
    acc_radius_id: null,
    captive_portal: true,
    splash_url: 'https://portal.example/welcome',
    wallgarden: false,
    walled_garden_range: null,
    overwrite_success_url: null,
    success_url: null,
    dhcp_range_start: '10.0.0.10',
    dhcp_range_end: '10.0.0.99',
    dhcp_relay_server: '2',
    dhcp_lease_time: null,
  } as NetworkSsidView;

  it('sends a form posted as it was shown with its text as stored and no flag', () => {
    const shown = advancedOf(stored);
    expect(shown.text).toMatchObject({ auth_radius_id: 'radius-1', acc_radius_id: '' });
    expect(shown.shown).toMatchObject({
      captive_portal: 'true',
      wallgarden: 'false',
      acc_radius_enabled: '',
    });
    const posted = readAdvanced({
      ...Object.fromEntries(Object.entries(shown.text)),
      captive_portal: 'true',
      ...Object.fromEntries(Object.entries(shown.shown).map(([f, v]) => [`shown_${f}`, v])),
    });
    expect(toAdvancedInput(posted)).toEqual(
      // Text fields as stored are sent as they are: the service stores the same values.
      {
        auth_radius_id: 'radius-1',
        splash_url: 'https://portal.example/welcome',
        dhcp_range_start: '10.0.0.10',
        dhcp_range_end: '10.0.0.99',
        dhcp_relay_server: '2',
      },
    );
  });

  it('keeps a blank or missing text field, or clears a blank one once asked to', () => {
    const posted = { auth_radius_id: '  ', splash_url: 'https://new.example/' };
    expect(toAdvancedInput(readAdvanced(posted))).toEqual({ splash_url: 'https://new.example/' });
    expect(toAdvancedInput(readAdvanced({ ...posted, clear_blank: 'true' }))).toEqual({
      auth_radius_id: null,
      splash_url: 'https://new.example/',
    });
  });

  it('turns a flag on when ticked and off only when it was shown on; one not set stays not set', () => {
    expect(
      toAdvancedInput(
        readAdvanced({
          captive_portal: 'true',
          shown_captive_portal: '',
          shown_wallgarden: 'true',
          shown_acc_radius_enabled: 'false',
          shown_overwrite_success_url: '',
        }),
      ),
    ).toEqual({ captive_portal: 'true', wallgarden: 'false' });
    expect(toAdvancedInput(readAdvanced({ wallgarden: 'true', shown_wallgarden: 'true' }))).toEqual(
      {},
    );
  });

  it('opens on a value, a ticked box or a refusal, with each refusal beside its input', () => {
    expect(advancedPart(readAdvanced({}), {}).open).toBe(false);
    expect(advancedPart(advancedOf(stored), {}).open).toBe(true);
    const refused = advancedPart(readAdvanced({ dhcp_range_start: 'x' }), {
      dhcp_range_start: ['DHCP range start must be an IPv4 address'],
    });
    expect(refused.open).toBe(true);
    const dhcp = refused.groups.find((group) => group.legend === 'DHCP')!;
    expect(dhcp.inputs[0]).toMatchObject({
      id: 'dhcp_range_start',
      label: 'DHCP range start',
      value: 'x',
      errors: ['DHCP range start must be an IPv4 address'],
    });
    expect(refused.groups.map((group) => group.legend)).toEqual([
      'RADIUS',
      'Captive portal',
      'DHCP',
    ]);
  });
});
