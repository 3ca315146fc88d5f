import { ok, okWithMessage, okWithMsg, statusOnly, statusThenData, withStatus } from './envelope';

/** The bodies are compared as JSON text: the key order is part of each operation's answer. */
const text = (body: unknown) => JSON.stringify(body);

describe('success envelopes', () => {
  it('builds each body shape with its key order', () => {
    expect(text(ok({ tags: [] }))).toBe('{"data":{"tags":[]},"status":200}');
    expect(text(okWithMsg('Network created', { id: 1 }))).toBe(
      '{"msg":"Network created","data":{"id":1},"status":200}',
    );
    expect(text(okWithMessage('Upgrade created successfully', { upgrades: [] }))).toBe(
      '{"message":"Upgrade created successfully","status":200,"data":{"upgrades":[]}}',
    );
    expect(text(withStatus({ msg: 'Devices provisioned', devices: [] }))).toBe(
      '{"msg":"Devices provisioned","devices":[],"status":200}',
    );
    expect(text(statusThenData({ device_status: 'UP' }))).toBe(
      '{"status":200,"data":{"device_status":"UP"}}',
    );
    expect(text(statusOnly())).toBe('{"status":200}');
  });
});
