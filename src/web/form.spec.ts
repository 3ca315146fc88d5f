import { MessageError } from '../common/errors';
import { ssidCreateFailed, ssidNotFound } from '../network-ssids/network-ssids.errors';
import { formErrors, labelledFormErrors, orFormAgain, orRefusedTo, refusalOf } from './form';
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

describe('labelledFormErrors', () => {
  it('words each message of a known path with its label, above the form and beside its input', () => {
    const fields = {
      'v_lan_attributes.v_lan_id': { input: 'v_lan_id', label: 'VLAN id' },
      wpa_key: { input: 'wpa_key', label: 'WPA key' },
    };
    expect(
      labelledFormErrors(
        [
          'v_lan_attributes.v_lan_id must be between 1 and 4094',
          'wpa_key must be 8 to 63 printable ASCII characters',
          'dhcp_range_start must be an IPv4 address',
          'toString is not a field',
        ],
        fields,
      ),
    ).toEqual({
      messages: [
        'VLAN id must be between 1 and 4094',
        'WPA key must be 8 to 63 printable ASCII characters',
        'dhcp_range_start must be an IPv4 address',
        'toString is not a field',
      ],
      byField: {
        v_lan_id: ['VLAN id must be between 1 and 4094'],
        wpa_key: ['WPA key must be 8 to 63 printable ASCII characters'],
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
