import { createTransport } from 'nodemailer';
import { MailCatcher, mailText, startMailCatcher } from './mail-catcher';

describe('npm run mail:catch prints the e-mails it is sent', () => {
  let catcher: MailCatcher;
  const printed: string[] = [];

  beforeAll(async () => {
    catcher = await startMailCatcher({ port: 0, print: (text) => printed.push(text) });
  });
  afterAll(() => catcher.stop());
  beforeEach(() => printed.splice(0));

  /** Sends one message through nodemailer, the library the service's alert e-mails use. */
  async function send(url: string): Promise<void> {
    const transport = createTransport({ url });
    try {
      await transport.sendMail({
        from: 'Airfleet <noc@example.com>',
        to: ['noc@example.com', 'oncall@example.com'],
        subject: '[Airfleet] Alert opened: Lobby down',
        text: 'Alert opened: Lobby down\n\nDevice:   lobby-ap\n',
      });
    } finally {
      transport.close();
    }
  }

  it('takes a message without credentials and prints its headers and text', async () => {
    expect(catcher.url).toMatch(/^smtp:\/\/127\.0\.0\.1:\d+$/);
    await send(catcher.url);
    expect(printed).toHaveLength(1);
    const lines = printed[0].split('\n');
    expect(lines.slice(0, 4)).toEqual([
      '----- message 1 -----',
      'Envelope: noc@example.com -> noc@example.com, oncall@example.com',
      'From:     "Airfleet" <noc@example.com>',
      'To:       noc@example.com, oncall@example.com',
    ]);
    expect(lines[4]).toMatch(/^Date: {5}\d{4}-\d\d-\d\dT/);
    expect(lines.slice(5)).toEqual([
      'Subject:  [Airfleet] Alert opened: Lobby down',
      '',
      'Alert opened: Lobby down',
      '',
      'Device:   lobby-ap',
      '',
      '',
    ]);
  });

  it('takes any user name and password, as an SMTP_URL with credentials sends them', async () => {
    const withCredentials = catcher.url.replace('smtp://', 'smtp://alerts:s3cret@');
    await send(withCredentials);
    expect(printed).toHaveLength(1);
    expect(printed[0]).toMatch(/^----- message 2 -----\n/);
  });

  it('says when the port is taken', async () => {
    const port = Number(new URL(catcher.url).port);
    await expect(startMailCatcher({ port, print: () => undefined })).rejects.toThrow(/EADDRINUSE/);
  });

  it('prints a message without a date or recipients it can parse', () => {
    expect(
      mailText(
        { envelopeFrom: '', recipients: ['a@b'], from: '', to: '', subject: '', text: 'x  \n' },
        3,
      ),
    ).toBe('----- message 3 -----\nEnvelope:  -> a@b\nFrom:     \nTo:       \nSubject:  \n\nx\n\n');
  });
});
