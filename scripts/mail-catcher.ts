/**
 * A mail catcher for trying alert e-mails without a mail server: an SMTP server on 127.0.0.1 that
 * accepts every message (with or without a user name and password) and prints it on standard
 * output instead of delivering it. Nothing is stored or relayed.
 *
 *   npm run mail:catch                      listens on 127.0.0.1:2525
 *   npm run mail:catch -- --port 2626
 *
 * Then start Airfleet with SMTP_URL=smtp://127.0.0.1:2525 (docs/alerts.md, "Seeing the e-mails
 * without a mail server"). Ctrl-C stops it.
 */
import { AddressInfo } from 'node:net';
import { Command, InvalidArgumentError } from 'commander';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** What the catcher prints of one message. */
export interface CaughtMail {
  /** The envelope's sender and recipients (MAIL FROM, RCPT TO). */
  envelopeFrom: string;
  recipients: string[];
  from: string;
  to: string;
  subject: string;
  date?: Date;
  text: string;
}

/** One message as the catcher prints it: a rule, the headers that matter, the text. */
export function mailText(mail: CaughtMail, index: number): string {
  const lines = [
    `----- message ${index} -----`,
    `Envelope: ${mail.envelopeFrom} -> ${mail.recipients.join(', ')}`,
    `From:     ${mail.from}`,
    `To:       ${mail.to}`,
    ...(mail.date ? [`Date:     ${mail.date.toISOString()}`] : []),
    `Subject:  ${mail.subject}`,
    '',
    mail.text.replace(/\s+$/, ''),
    '',
  ];
  return `${lines.join('\n')}\n`;
}

export interface MailCatcher {
  /** `smtp://127.0.0.1:<port>`: the SMTP_URL to give Airfleet. */
  url: string;
  stop(): Promise<void>;
}

/**
 * Starts the catcher on `host`:`port` (0: a free port); each accepted message is handed to
 * `print` as mailText() writes it. Plain SMTP: no STARTTLS (no certificate to trust), and AUTH
 * is optional and accepts any user name and password, so that an SMTP_URL with credentials
 * works as well as one without.
 */
export async function startMailCatcher(options: {
  port: number;
  host?: string;
  print: (text: string) => void;
}): Promise<MailCatcher> {
  const host = options.host ?? '127.0.0.1';
  let count = 0;
  const server = new SMTPServer({
    authMethods: ['PLAIN', 'LOGIN'],
    authOptional: true,
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onAuth: (auth, _session, callback) => callback(null, { user: auth.username }),
    onData: (stream, session, callback) => {
      simpleParser(stream).then((parsed) => {
        count += 1;
        const from = session.envelope.mailFrom;
        const to = Array.isArray(parsed.to) ? parsed.to : parsed.to ? [parsed.to] : [];
        options.print(
          mailText(
            {
              envelopeFrom: from ? from.address : '',
              recipients: session.envelope.rcptTo.map((address) => address.address),
              from: parsed.from?.text ?? '',
              to: to.map((group) => group.text).join(', '),
              subject: parsed.subject ?? '',
              date: parsed.date,
              text: parsed.text ?? '',
            },
            count,
          ),
        );
        callback();
      }, callback);
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://${host}:${port}`,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function port(value: string): number {
  if (!/^\d+$/.test(value) || Number(value) > 65535) {
    throw new InvalidArgumentError('must be a port number');
  }
  return Number(value);
}

async function main(): Promise<void> {
  const options = new Command('mail:catch')
    .description('print the e-mails Airfleet sends instead of delivering them')
    .option('--port <port>', 'port to listen on (127.0.0.1)', port, 2525)
    .parse()
    .opts<{ port: number }>();
  const catcher = await startMailCatcher({
    port: options.port,
    print: (text) => process.stdout.write(text),
  });
  process.stdout.write(
    `Catching e-mails at ${catcher.url}: start Airfleet with SMTP_URL=${catcher.url}\n` +
      'Each message is printed here; nothing is delivered. Ctrl-C stops.\n\n',
  );
  process.once('SIGINT', () => void catcher.stop().then(() => process.exit(0)));
}

if (require.main === module) {
  main().catch((error: unknown) => {
    process.stderr.write(`mail:catch: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  });
}
