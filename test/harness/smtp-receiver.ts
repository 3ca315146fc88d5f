import { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer, SMTPServerAddress, SMTPServerSession } from 'smtp-server';

/** A message the receiver accepted, as its envelope and its parsed content say. */
export interface ReceivedMail {
  /** The envelope's recipients (RCPT TO). */
  recipients: string[];
  from: string;
  to: string[];
  subject: string;
  text: string;
}

/** An SMTP refusal: the reply code and text (an Error with `responseCode`, as smtp-server takes it). */
export type Refusal = { code: number; message: string } | null;

/**
 * A real SMTP server in the test process (smtp-server) that requires AUTH PLAIN/LOGIN with one
 * user name and password, records the messages it accepts, and refuses as the test says: at RCPT
 * TO (`refuseRecipient`) or after DATA (`refuseData`, told how many messages to those recipients
 * came before). Plain text: no STARTTLS, so that the test needs no certificate.
 */
export class SmtpReceiver {
  readonly received: ReceivedMail[] = [];
  refuseRecipient: (address: string) => Refusal = () => null;
  refuseData: (recipients: string[], earlier: number) => Refusal = () => null;
  /** How long the server takes to accept a message once it has it. */
  delayMs = 0;
  private readonly tries = new Map<string, number>();
  private server?: SMTPServer;

  constructor(
    readonly user: string,
    readonly password: string,
  ) {}

  async start(): Promise<this> {
    this.server = new SMTPServer({
      authMethods: ['PLAIN', 'LOGIN'],
      allowInsecureAuth: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onAuth: (auth, _session, callback) => {
        if (auth.username === this.user && auth.password === this.password) {
          callback(null, { user: auth.username });
        } else {
          callback(refusal({ code: 535, message: '5.7.8 Authentication failed' }));
        }
      },
      onRcptTo: (address: SMTPServerAddress, _session, callback) => {
        const refused = this.refuseRecipient(address.address);
        callback(refused ? refusal(refused) : undefined);
      },
      onData: (stream, session: SMTPServerSession, callback) => {
        const recipients = session.envelope.rcptTo.map((a) => a.address);
        void simpleParser(stream).then((mail) => {
          const key = recipients.join(',');
          const earlier = this.tries.get(key) ?? 0;
          this.tries.set(key, earlier + 1);
          const refused = this.refuseData(recipients, earlier);
          if (refused) {
            callback(refusal(refused));
            return;
          }
          const to = Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : [];
          this.received.push({
            recipients,
            from: mail.from?.value.map((a) => a.address).join(',') ?? '',
            to: to.flatMap((group) => group.value.map((a) => a.address ?? '')),
            subject: mail.subject ?? '',
            text: mail.text ?? '',
          });
          setTimeout(() => callback(), this.delayMs);
        }, callback);
      },
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    return this;
  }

  /** `smtp://user:password@127.0.0.1:<port>`, the SMTP_URL of this server. */
  get url(): string {
    const { port } = this.server!.server.address() as AddressInfo;
    return `smtp://${encodeURIComponent(this.user)}:${encodeURIComponent(this.password)}@127.0.0.1:${port}`;
  }

  /** The messages accepted for this recipient. */
  to(address: string): ReceivedMail[] {
    return this.received.filter((mail) => mail.recipients.includes(address));
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.server?.close(() => resolve()) ?? resolve());
  }
}

function refusal({ code, message }: NonNullable<Refusal>): Error {
  return Object.assign(new Error(message), { responseCode: code });
}
