import { connect } from 'node:net';
import { newWebhookSecret, signatureHeader } from '../../src/webhooks/webhook-rules';
import { registrationFailure, WebhookReceiver } from './webhook-receiver';

/** A delivery as the service sends it (its own signer), signed with `secrets`. */
const deliver = (url: string, messageId: string, secrets: string[], at = new Date()) => {
  const body = JSON.stringify({ type: 'device.up', timestamp: at.toISOString(), data: { id: 1 } });
  return fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'webhook-id': messageId,
      'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
      'webhook-signature': signatureHeader(secrets, messageId, at, body),
    },
    body,
  }).then((response) => response.status);
};

describe("the simulator's webhook receiver", () => {
  let receiver: WebhookReceiver;
  let url: string;
  const secret = newWebhookSecret();

  beforeEach(async () => {
    receiver = new WebhookReceiver();
    url = await receiver.start();
  });
  afterEach(() => receiver.stop());

  it('listens on 127.0.0.1, answers 204 to what the secret signed (a rotation carrying it second too), and 401 to anything else', async () => {
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:[0-9]+\/airfleet-webhook$/);
    receiver.verifyWith(secret);
    const other = newWebhookSecret();
    const statuses = [
      await deliver(url, 'evt_1', [secret]),
      await deliver(url, 'evt_1', [secret]),
      await deliver(url, 'evt_2', [other, secret]),
      await deliver(url, 'evt_3', [other]),
      await deliver(url, 'evt_4', [secret], new Date(Date.now() - 10 * 60_000)), // too old
      await fetch(url, { method: 'POST', body: '{}' }).then((response) => response.status),
    ];
    expect(statuses).toEqual([204, 204, 204, 401, 401, 401]);
    const tally = receiver.tally;
    expect({
      requests: tally.requests,
      duplicates: tally.duplicates,
      signatureFailures: tally.signatureFailures,
      events: [...tally.events],
    }).toEqual({ requests: 6, duplicates: 1, signatureFailures: 3, events: [1, 2] });
  });

  it('holds a request that comes before the secret is known, and verifies it once it is', async () => {
    const status = deliver(url, 'evt_5', [secret]);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(receiver.tally.requests).toBe(0);
    receiver.verifyWith(secret);
    expect(await status).toBe(204);
    expect([...receiver.tally.events]).toEqual([5]);
  });

  it('drops a request cut off while its body is read, and goes on receiving', async () => {
    receiver.verifyWith(secret);
    const { port } = new URL(url);
    const socket = connect(Number(port), '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    socket.write(
      'POST /airfleet-webhook HTTP/1.1\r\nhost: 127.0.0.1\r\ncontent-length: 100\r\n\r\n{"type":',
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    socket.destroy();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await deliver(url, 'evt_7', [secret])).toBe(204);
    expect(receiver.tally.requests).toBe(1);
  });

  it('answers 503 to a request still waiting for a secret when it stops', async () => {
    const status = deliver(url, 'evt_6', [secret]);
    await new Promise((resolve) => setTimeout(resolve, 100));
    await receiver.stop();
    await expect(status).resolves.toBe(503);
  });
});

describe("the simulator's webhook registration", () => {
  const refused = (errorCode: number) =>
    registrationFailure({
      status: 422,
      headers: new Headers(),
      body: { msg: 'Refused address', error_code: errorCode },
    }).message;

  it('names WEBHOOK_ALLOW_PRIVATE_NETWORKS when the service refuses the address (422 1047), and only then', () => {
    expect(refused(1047)).toBe(
      'registering the webhook receiver (POST /v1/webhooks) failed: HTTP 422 {"msg":"Refused address","error_code":1047}; the service refuses a receiver on 127.0.0.1 unless it runs with WEBHOOK_ALLOW_PRIVATE_NETWORKS=true',
    );
    expect(refused(1046)).toBe(
      'registering the webhook receiver (POST /v1/webhooks) failed: HTTP 422 {"msg":"Refused address","error_code":1046}',
    );
  });
});
