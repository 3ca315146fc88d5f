import { templateSsid, uplinkTemplateInput } from './template-forms';

describe('templateSsid', () => {
  it('keeps the name and the fields SSID create takes, never the id or the network', () => {
    expect(
      templateSsid({
        id: 4,
        location_network_id: 9,
        ssid_name: 'Guests',
        wpa_key: 'correct horse',
        security_mode: 'wpa2',
        is_enabled: null,
        v_lan_attributes: { v_lan_id: 10 },
        created_at: '2026-11-28T00:00:00.000Z',
      }),
    ).toEqual({
      ssid_name: 'Guests',
      is_enabled: null,
      security_mode: 'wpa2',
      wpa_key: 'correct horse',
      v_lan_attributes: { v_lan_id: 10 },
    });
  });
});

describe('uplinkTemplateInput', () => {
  it('reads the details as JSON into the body POST /v1/init_templates takes', () => {
    expect(uplinkTemplateInput({ name: 'WAN', details: '[{"uplink_type": "1"}]' })).toEqual({
      input: { init_template: { name: 'WAN', details: [{ uplink_type: '1' }] } },
    });
  });

  it('names what is wrong, by the field of the form', () => {
    expect(uplinkTemplateInput({ name: 'WAN', details: '{' })).toEqual({
      problems: ['details must be JSON: an array of objects, each with uplink_type'],
    });
    expect(uplinkTemplateInput({ name: '', details: '[{"uplink_type": "1"}]' })).toEqual({
      problems: ['name should not be empty'],
    });
    expect(uplinkTemplateInput({ name: 'WAN', details: '[1]' })).toEqual({
      problems: ['each value in details must be an object'],
    });
  });
});
