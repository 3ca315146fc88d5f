/**
 * `--webhook-receiver`: an HTTP receiver on 127.0.0.1 that the run registers as a webhook of its
 * organisation for every event (`*`), verifying each request as a Standard Webhooks receiver
 * does, and removes again at the end.
 */
import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { Webhook } from 'standardwebhooks';
import type { FleetContext } from './fleet-context';
import type { ApiClient, ApiResponse } from './http';
import { Fleet, SetupError } from './setup';
import { errorMessage } from './tally';
import { checkWebhook, DeliveryTally, FeedSinceWebhook, WebhooksCheck } from './webhook-check';

/** How often the end of a run looks whether the deliveries have caught up. */
const CATCH_UP_POLL_MS = 100;

/** How often the wait for deliveries says how many are still missing. */
const WAIT_LOG_MS = 5000;

/** The URL's host is or resolves to a refused address. */
const REFUSED_ADDRESS = 1047;

/**
 * Verifies each request with `Webhook.verify` (the signature over `<webhook-id>.<timestamp>.<body>`
 * with the webhook's secret, the timestamp within 5 minutes), records it in `tally`, and answers
 * 204, or 401 when it does not verify. A request that comes before the secret is known (the
 * service may deliver `webhook.created` before the create's answer is read) waits for it.
 */
export class WebhookReceiver {
  readonly tally = new DeliveryTally();
  private server?: Server;
  private readonly sockets = new Set<Socket>();
  private readonly verifier: Promise<Webhook | null>;
  private settleVerifier!: (verifier: Webhook | null) => void;

  constructor() {
    this.verifier = new Promise((resolve) => (this.settleVerifier = resolve));
  }

  /** Listens on a free port of 127.0.0.1; answers the URL to register. */
  async start(): Promise<string> {
    // A request cut off while its body is read (the service's attempt timed out) is dropped.
    const server = createServer(
      (req, res) => void this.handle(req, res).catch(() => res.destroy()),
    );
    server.on('connection', (socket) => {
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, '127.0.0.1', resolve);
    });
    this.server = server;
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}/airfleet-webhook`;
  }

  /** The secret of the create's answer; the requests waiting for it are verified now. */
  verifyWith(secret: string): void {
    this.settleVerifier(new Webhook(secret));
  }

  /** Closes the server and its connections; a request still waiting for a secret gets 503. */
  async stop(): Promise<void> {
    this.settleVerifier(null);
    await new Promise((resolve) => setImmediate(resolve)); // the waiting requests answer
    this.sockets.forEach((socket) => socket.destroy());
    await new Promise((resolve) => (this.server ? this.server.close(resolve) : resolve(null)));
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) {
      chunks.push(chunk as Buffer);
    }
    const verifier = await this.verifier;
    if (!verifier) {
      res.writeHead(503).end();
      return;
    }
    const headers = Object.fromEntries(
      Object.entries(req.headers).map(([name, value]) => [name, String(value)]),
    );
    let verified = true;
    try {
      verifier.verify(Buffer.concat(chunks).toString('utf8'), headers, { jsonParse: false });
    } catch {
      verified = false;
    }
    this.tally.record(headers['webhook-id'] ?? '', verified);
    res.writeHead(verified ? 204 : 401).end();
  }
}

/** The create refused: says so, and how to let the service reach a receiver on 127.0.0.1. */
export function registrationFailure(response: ApiResponse): SetupError {
  const failure = new SetupError('registering the webhook receiver (POST /v1/webhooks)', response);
  if ((response.body as { error_code?: unknown } | null)?.error_code === REFUSED_ADDRESS) {
    failure.message +=
      '; the service refuses a receiver on 127.0.0.1 unless it runs with WEBHOOK_ALLOW_PRIVATE_NETWORKS=true';
  }
  return failure;
}

/** The receiver, registered as a webhook of the run's organisation, until `finish` or `close`. */
export class WebhookWatch {
  /** Shown the event feed as the run reads it: the events the webhook was to be sent. */
  readonly feed: FeedSinceWebhook;
  private closed = false;
  private deleted = false;

  private constructor(
    private readonly client: ApiClient,
    private readonly fleet: Fleet,
    private readonly receiver: WebhookReceiver,
    readonly webhook: { id: number; url: string },
  ) {
    this.feed = new FeedSinceWebhook(webhook.id);
  }

  /** Starts the receiver and registers it as the organisation's admin, for `*`. */
  static async open(client: ApiClient, fleet: Fleet): Promise<WebhookWatch> {
    const receiver = new WebhookReceiver();
    const url = await receiver.start();
    try {
      const response = await client.request('operator', 'POST', '/v1/webhooks', {
        auth: fleet.adminAuth,
        body: {
          webhook: { url, event_types: ['*'], description: `fleet simulator ${fleet.runId}` },
        },
      });
      if (response.status !== 200) {
        throw registrationFailure(response);
      }
      const created = (response.body as { data: { webhook: { id: number; secret: string } } }).data
        .webhook;
      receiver.verifyWith(created.secret);
      return new WebhookWatch(client, fleet, receiver, { id: created.id, url });
    } catch (error) {
      await receiver.stop();
      throw error;
    }
  }

  /** Distinct events delivered so far. */
  get delivered(): number {
    return this.receiver.tally.events.size;
  }

  /** The events of the feed (as read so far) since the webhook's creation not delivered yet. */
  notDelivered(): number {
    return this.feed.notDelivered(this.receiver.tally.events);
  }

  /**
   * After the feed was read (`feedRead`: to its end): waits at most `waitMs` until every event
   * of the feed since the webhook's creation has been delivered, deletes the webhook, stops the
   * receiver, and checks what it got against the feed.
   */
  async finish(
    feedRead: boolean,
    waitMs: number,
    ctx: FleetContext,
    log: (message: string) => void,
  ): Promise<WebhooksCheck> {
    const from = performance.now();
    let told = from;
    while (feedRead && this.notDelivered() > 0 && performance.now() - from < waitMs) {
      await sleep(CATCH_UP_POLL_MS);
      if (performance.now() - told >= WAIT_LOG_MS) {
        told = performance.now();
        log(`  ${this.notDelivered()} webhook deliveries still missing`);
      }
    }
    const waitSeconds = (performance.now() - from) / 1000;
    await this.close(ctx);
    return checkWebhook(this.webhook, this.receiver.tally, feedRead ? this.feed : null, {
      waitSeconds,
      deleted: this.deleted,
    });
  }

  /**
   * Deletes the webhook, so that no failing webhook stays behind, and stops the receiver: once,
   * also when the run ends part-way (then without `ctx`, its failure being the run's error).
   */
  async close(ctx?: FleetContext): Promise<void> {
    if (this.closed) {
      return;
    }
    this.closed = true;
    const path = `/v1/webhooks/${this.webhook.id}`;
    try {
      const response = await this.client.request('operator', 'DELETE', path, {
        auth: this.fleet.adminAuth,
      });
      this.deleted = response.status === 200;
      if (!this.deleted) {
        ctx?.error('DELETE /v1/webhooks/:id', response);
      }
    } catch (error) {
      ctx?.error('DELETE /v1/webhooks/:id', errorMessage(error));
    }
    await this.receiver.stop();
  }
}
