import { MessageError } from '../common/errors';
import { ssidCreateFailed, ssidNotFound } from '../network-ssids/network-ssids.errors';
import {
  formErrors,
  labelledFormErrors,
  orFormAgain,
  orRefusedTo,
  readablePath,
  refusalOf,
  wordedMessage,
} from './form';
import { redirectTo, refusedTo } from './page-outcome';

describe('formErrors', () => {
  const fields = { ssid_name: 'ssid_name', 'v_lan_attributes.v_lan_id': 'v_lan_id' };

  it('sorts each message to the input of the field it begins with, and keeps them all', () => {
    const messages = [
      "ssid_name can't be blank",
      'v_lan_attributes.v_lan_id must be between 1 and 4094',
      'ssid_name has already been taken in this network',
    ];
    expect(formErrors(messages, fields)).toEqual({
      messages,
      byField: {
        ssid_name: ["ssid_name can't be blank", 'ssid_name has already been taken in this network'],
        v_lan_id: ['v_lan_attributes.v_lan_id must be between 1 and 4094'],
      },
    });
  });

  it('leaves messages about no input above the form, or beside the input named for the rest', () => {
    const messages = ['ip_address must be an IPv4 address', 'toString x'];
    expect(formErrors(messages, fields)).toEqual({ messages, byField: {} });
    expect(formErrors(messages, fields, 'ssid_name').byField).toEqual({ ssid_name: messages });
  });
});

describe('readablePath', () => {
  it('splits a path on _ and ., capitalised, with the short forms people write in capitals', () => {
    expect(readablePath('walled_garden_range')).toBe('Walled garden range');
    expect(readablePath('dhcp_lease_time')).toBe('DHCP lease time');
    expect(readablePath('acc_radius_id')).toBe('Acc RADIUS ID');
    expect(readablePath('dhcp_mappings.0.IPADDR')).toBe('DHCP mappings 0 IP address');
    expect(readablePath('dhcp_ranges.1.START')).toBe('DHCP ranges 1 start');
    expect(readablePath('enable_ssid_qos')).toBe('Enable SSID QoS');
  });
});

describe('wordedMessage', () => {
  const labels = {
    'v_lan_attributes.v_lan_id': 'VLAN ID',
    v_lan_attributes: 'VLAN',
    splash_url: 'Captive portal URL',
    since: 'Since',
    type: 'Types',
  };

  it('words the path a message begins with by its label, else readably', () => {
    expect(wordedMessage('v_lan_attributes.v_lan_id must be between 1 and 4094', labels)).toBe(
      'VLAN ID must be between 1 and 4094',
    );
    expect(wordedMessage('dhcp_lease_time must be a non-negative integer', labels)).toBe(
      'DHCP lease time must be a non-negative integer',
    );
    expect(wordedMessage('v_lan_attributes.name must be a string', labels)).toBe(
      'V lan attributes name must be a string',
    );
  });

  it('words every path in the message, a label inside the sentence in lower case', () => {
    expect(wordedMessage('dhcp_range_start must not be after dhcp_range_end', labels)).toBe(
      'DHCP range start must not be after DHCP range end',
    );
    expect(wordedMessage('ssid_mode needs splash_url', labels)).toBe(
      'SSID mode needs captive portal URL',
    );
    expect(wordedMessage('dhcp_ranges.0.START must not be after END', labels)).toBe(
      'DHCP ranges 0 start must not be after END',
    );
  });

  it('keeps words, values after the colon, quoted values, URLs and addresses as written', () => {
    expect(wordedMessage('since must not be after until', labels)).toBe(
      'Since must not be after until',
    );
    expect(wordedMessage('type has unknown event types: device.heart_beat', labels)).toBe(
      'Types has unknown event types: device.heart_beat',
    );
    expect(wordedMessage('wpa_key "my_key" at https://a_b.example/x_y or a_b@c.d', labels)).toBe(
      'WPA key "my_key" at https://a_b.example/x_y or a_b@c.d',
    );
    expect(wordedMessage('toString is not a field, e.g. here', labels)).toBe(
      'toString is not a field, e.g. here',
    );
  });
});

describe('labelledFormErrors', () => {
  it('words each message, above the form and beside the input of the field it begins with', () => {
    const fields = {
      'v_lan_attributes.v_lan_id': { input: 'v_lan_id', label: 'VLAN ID' },
      wpa_key: { input: 'wpa_key', label: 'WPA key' },
      dhcp_range_start: { input: 'dhcp_range_start', label: 'First address of the DHCP range' },
    };
    expect(
      labelledFormErrors(
        [
          'v_lan_attributes.v_lan_id must be between 1 and 4094',
          'wpa_key must be 8 to 63 printable ASCII characters',
          'dhcp_range_start must not be after dhcp_range_end',
          'ip_address must be an IPv4 address',
          'toString is not a field',
        ],
        fields,
        { dhcp_range_end: 'Last address of the DHCP range', wpa_key: 'Not this one' },
      ),
    ).toEqual({
      messages: [
        'VLAN ID must be between 1 and 4094',
        'WPA key must be 8 to 63 printable ASCII characters',
        'First address of the DHCP range must not be after last address of the DHCP range',
        'IP address must be an IPv4 address',
        'toString is not a field',
      ],
      byField: {
        v_lan_id: ['VLAN ID must be between 1 and 4094'],
        wpa_key: ['WPA key must be 8 to 63 printable ASCII characters'],
        dhcp_range_start: [
          'First address of the DHCP range must not be after last address of the DHCP range',
        ],
      },
    });
  });
});

describe('refusalOf', () => {
  it('lists a validation failure message by message, another refusal as its message', () => {
    expect(refusalOf(ssidCreateFailed(['a', 'b']))).toEqual(['a', 'b']);
    expect(refusalOf(new MessageError(422, 'ssid_configuration.0: x'))).toEqual([
      'ssid_configuration.0: x',
    ]);
  });

  it('is null for what is not a refusal', () => {
    expect(refusalOf(ssidNotFound())).toBeNull();
    expect(refusalOf(new Error('boom'))).toBeNull();
  });
});

describe('orFormAgain and orRefusedTo', () => {
  const refused = () => Promise.reject(ssidCreateFailed(['a', 'b']));
  const missing = () => Promise.reject(ssidNotFound());

  it('answer what the write answers', async () => {
    const done = redirectTo('/x', 'Saved.');
    await expect(
      orFormAgain(
        () => Promise.resolve(done),
        () => refusedTo('/y', 'no'),
      ),
    ).resolves.toBe(done);
    await expect(orRefusedTo('/y', () => Promise.resolve(done))).resolves.toBe(done);
  });

  it('answer a refusal with the form again, or back with its messages as the error flash', async () => {
    await expect(
      orFormAgain(refused, (messages) => refusedTo('/form', messages.join(' and '))),
    ).resolves.toEqual(refusedTo('/form', 'a and b'));
    await expect(orRefusedTo('/back', refused)).resolves.toEqual(refusedTo('/back', 'a, b'));
  });

  it('let any other error through, for the error page', async () => {
    await expect(orFormAgain(missing, () => refusedTo('/form', 'no'))).rejects.toThrow(
      'SSID not found',
    );
    await expect(orRefusedTo('/back', missing)).rejects.toThrow('SSID not found');
  });
});
