import { readWebhookForm, toWebhookFields, webhookFormOf } from './webhook-form';

describe('the webhook form', () => {
  it('reads what was typed, a missing checkbox as off', () => {
    expect(readWebhookForm({ url: ' https://h.example/x ', event_types: 'device.*' })).toEqual({
      url: 'https://h.example/x',
      event_types: 'device.*',
      description: '',
      enabled: false,
    });
  });

  it('turns the comma list into types and an empty description into none', () => {
    expect(
      toWebhookFields({
        url: 'https://h.example/x',
        event_types: 'device.*, upgrade.failed,,',
        description: '',
        enabled: true,
      }),
    ).toEqual({
      url: 'https://h.example/x',
      event_types: ['device.*', 'upgrade.failed'],
      description: null,
      enabled: true,
    });
  });

  it('shows a webhook as the form edits it', () => {
    expect(
      webhookFormOf({
        id: 1,
        url: 'https://h.example/x',
        event_types: ['device.up', 'device.down'],
        description: null,
        enabled: false,
        disabled_reason: '410 Gone',
        created_at: '',
        updated_at: '',
      }),
    ).toEqual({
      url: 'https://h.example/x',
      event_types: 'device.up, device.down',
      description: '',
      enabled: false,
    });
  });
});
