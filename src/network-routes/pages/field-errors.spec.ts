import { MessageError } from '../../common/errors';
import { ssidCreateFailed, ssidNotFound } from '../../network-ssids/network-ssids.errors';
import { fieldErrors, refusalMessages } from './field-errors';

describe('fieldErrors', () => {
  const fields = { ssid_name: 'ssid_name', 'v_lan_attributes.v_lan_id': 'v_lan_id' };

  it('sorts each message to the input of the field it begins with', () => {
    expect(
      fieldErrors(
        [
          "ssid_name can't be blank",
          'v_lan_attributes.v_lan_id must be between 1 and 4094',
          'ssid_name has already been taken in this network',
        ],
        fields,
      ),
    ).toEqual({
      byField: {
        ssid_name: ["ssid_name can't be blank", 'ssid_name has already been taken in this network'],
        v_lan_id: ['v_lan_attributes.v_lan_id must be between 1 and 4094'],
      },
      others: [],
    });
  });

  it('keeps messages about fields the form does not show apart', () => {
    expect(fieldErrors(['ip_address must be an IPv4 address', 'toString x'], fields)).toEqual({
      byField: {},
      others: ['ip_address must be an IPv4 address', 'toString x'],
    });
  });
});

describe('refusalMessages', () => {
  it('lists a validation failure message by message, another refusal as its message', () => {
    expect(refusalMessages(ssidCreateFailed(['a', 'b']))).toEqual(['a', 'b']);
    expect(refusalMessages(new MessageError(422, 'ssid_configuration.0: x'))).toEqual([
      'ssid_configuration.0: x',
    ]);
  });

  it('is null for what is not a refusal', () => {
    expect(refusalMessages(ssidNotFound())).toBeNull();
    expect(refusalMessages(new Error('boom'))).toBeNull();
  });
});
