import { createSocket, RemoteInfo, Socket } from 'node:dgram';
import * as ipaddr from 'ipaddr.js';

/** What the server answers for one name: its addresses, after a delay, or nothing at all. */
export interface DnsAnswer {
  a?: string[];
  aaaa?: string[];
  /**
   * The answer is ready this long after a query that finds no recursion of the name under way,
   * as a recursive resolver's is (caching nothing): every query for the name meanwhile, the
   * resent ones included, is answered when it is ready.
   */
  delayMs?: number;
  /** Never answers (a name server that drops the query). */
  silent?: boolean;
}

/** A query the server got. */
export interface DnsQuery {
  name: string;
  type: 'A' | 'AAAA' | number;
  at: number;
}

const A = 1;
const AAAA = 28;

/**
 * A name server on a free UDP port of 127.0.0.1 that answers A and AAAA queries from `zone`
 * (a name it does not hold: NXDOMAIN; a name without records of the type asked: no answer,
 * NOERROR), as slowly as the test says, and records the queries. Enough DNS (RFC 1035) for
 * c-ares, which node:dns's Resolver uses.
 */
export class DnsServer {
  readonly queries: DnsQuery[] = [];
  private socket?: Socket;
  private readonly timers = new Set<NodeJS.Timeout>();
  /** When each name asked with a delay has its answer ready. */
  private readonly readyAt = new Map<string, number>();

  constructor(readonly zone: Record<string, DnsAnswer> = {}) {}

  async start(): Promise<this> {
    this.socket = createSocket('udp4');
    this.socket.on('message', (message, from) => this.handle(message, from));
    await new Promise<void>((resolve) => this.socket!.bind(0, '127.0.0.1', resolve));
    return this;
  }

  /** `127.0.0.1:<port>`, as WEBHOOK_DNS_SERVERS takes it. */
  get address(): string {
    return `127.0.0.1:${this.socket!.address().port}`;
  }

  /** Forgets the recursions under way (each test's slow names start slow again). */
  reset(): void {
    this.readyAt.clear();
  }

  async stop(): Promise<void> {
    this.timers.forEach((timer) => clearTimeout(timer));
    await new Promise<void>((resolve) => this.socket?.close(() => resolve()) ?? resolve());
  }

  /** How long until the name's answer is ready: a recursion starts when none is under way. */
  private recursion(name: string, delayMs: number): number {
    const now = Date.now();
    let readyAt = this.readyAt.get(name);
    if (readyAt === undefined || readyAt <= now) {
      readyAt = now + delayMs;
      this.readyAt.set(name, readyAt);
    }
    return readyAt - now;
  }

  private handle(message: Buffer, from: RemoteInfo): void {
    const { name, type, questionEnd } = question(message);
    this.queries.push({
      name,
      type: type === A ? 'A' : type === AAAA ? 'AAAA' : type,
      at: Date.now(),
    });
    const key = name.toLowerCase();
    const answer = this.zone[key];
    if (answer?.silent) {
      return;
    }
    const addresses = !answer
      ? []
      : ((type === A ? answer.a : type === AAAA ? answer.aaaa : []) ?? []);
    const reply = response(message, questionEnd, answer ? 0 : 3, type, addresses);
    const send = () => this.socket?.send(reply, from.port, from.address);
    const wait = answer?.delayMs ? this.recursion(key, answer.delayMs) : 0;
    if (wait > 0) {
      const timer = setTimeout(() => {
        this.timers.delete(timer);
        send();
      }, wait);
      this.timers.add(timer);
    } else {
      send();
    }
  }
}

/** The query's first question: its name, type, and where it ends. */
function question(message: Buffer): { name: string; type: number; questionEnd: number } {
  const labels: string[] = [];
  let at = 12;
  while (message[at] !== 0) {
    labels.push(message.subarray(at + 1, at + 1 + message[at]).toString('ascii'));
    at += 1 + message[at];
  }
  at += 1;
  return { name: labels.join('.'), type: message.readUInt16BE(at), questionEnd: at + 4 };
}

/** The answer to `query`: its id and question, `rcode`, and one record per address. */
function response(
  query: Buffer,
  questionEnd: number,
  rcode: number,
  type: number,
  addresses: string[],
): Buffer {
  const header = Buffer.alloc(12);
  query.copy(header, 0, 0, 2); // the id
  header.writeUInt16BE(0x8180 | rcode, 2); // a response, recursion desired and available
  header.writeUInt16BE(1, 4);
  header.writeUInt16BE(addresses.length, 6);
  const records = addresses.map((address) => {
    const data = Buffer.from(ipaddr.parse(address).toByteArray());
    const record = Buffer.alloc(12);
    record.writeUInt16BE(0xc00c, 0); // the name: a pointer to the question's
    record.writeUInt16BE(type, 2);
    record.writeUInt16BE(1, 4); // class IN
    record.writeUInt32BE(60, 6); // TTL
    record.writeUInt16BE(data.length, 10);
    return Buffer.concat([record, data]);
  });
  return Buffer.concat([header, query.subarray(12, questionEnd), ...records]);
}
