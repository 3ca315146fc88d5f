import { invitationMessage } from './invitation-message';

describe('invitationMessage', () => {
  it('names the organisation, the inviter and the role, with the link and its expiry', () => {
    const url = 'https://fleet.example.com/invitations/accept?token=abc';
    expect(
      invitationMessage({
        organisation: 'Globex',
        invitedBy: 'admin@example.com',
        role: 'member',
        acceptUrl: url,
        expiresAt: new Date('2030-01-08T10:00:30.000Z'),
      }),
    ).toEqual({
      subject: '[Airfleet] You are invited to Globex',
      text:
        'admin@example.com invited you to the organisation Globex on Airfleet, with the role member.\n' +
        '\n' +
        'Accept the invitation:\n' +
        `${url}\n` +
        '\n' +
        'The link can be used once, until 2030-01-08 10:00 UTC. If you did not expect this ' +
        'invitation, ignore this e-mail.\n',
    });
  });

  it('keeps the subject on one line whatever the organisation is called', () => {
    const { subject } = invitationMessage({
      organisation: 'Acme\r\nBcc: someone@example.com',
      invitedBy: 'a@example.com',
      role: 'admin',
      acceptUrl: 'https://x/invitations/accept?token=t',
      expiresAt: new Date(0),
    });
    expect(subject).toBe('[Airfleet] You are invited to Acme Bcc: someone@example.com');
  });
});
