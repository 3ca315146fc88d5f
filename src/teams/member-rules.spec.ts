import { invitationFields, isPending, keepsAnAdmin, memberRole } from './member-rules';

describe('keepsAnAdmin', () => {
  it('refuses to demote or remove the last admin', () => {
    expect(keepsAnAdmin(1, 'admin', { role: 'member' })).toBe(false);
    expect(keepsAnAdmin(1, 'admin', 'remove')).toBe(false);
  });

  it('lets an admin go while another remains', () => {
    expect(keepsAnAdmin(2, 'admin', { role: 'member' })).toBe(true);
    expect(keepsAnAdmin(2, 'admin', 'remove')).toBe(true);
  });

  it('never minds a member, nor an admin who stays one', () => {
    expect(keepsAnAdmin(1, 'member', 'remove')).toBe(true);
    expect(keepsAnAdmin(1, 'member', { role: 'admin' })).toBe(true);
    expect(keepsAnAdmin(1, 'admin', { role: 'admin' })).toBe(true);
  });
});

describe('memberRole', () => {
  it('takes admin or member', () => {
    expect(memberRole({ role: 'admin' })).toBe('admin');
    expect(memberRole({ role: 'member' })).toBe('member');
  });

  it('names the field of any other value', () => {
    for (const role of ['owner', undefined, 1, 'Admin']) {
      expect(() => memberRole({ role })).toThrow(
        expect.objectContaining({
          messages: ['member.role must be one of the following values: admin, member'],
        }),
      );
    }
  });
});

describe('invitationFields', () => {
  it('lower-cases the e-mail and defaults the role to member', () => {
    expect(invitationFields({ email: ' Ops@Example.COM ' })).toEqual({
      email: 'ops@example.com',
      role: 'member',
    });
    expect(invitationFields({ email: 'a@example.com', role: 'admin' })).toEqual({
      email: 'a@example.com',
      role: 'admin',
    });
  });

  it('names each bad value at once', () => {
    expect(() => invitationFields({ email: 'nope', role: 'owner' })).toThrow(
      expect.objectContaining({
        messages: [
          'invitation.email must be an email',
          'invitation.role must be one of the following values: admin, member',
        ],
      }),
    );
    expect(() => invitationFields(undefined)).toThrow(
      expect.objectContaining({ messages: ['invitation.email must be an email'] }),
    );
  });
});

describe('isPending', () => {
  const now = new Date('2030-01-01T00:00:00Z');
  const base = {
    accepted_at: null,
    revoked_at: null,
    expires_at: new Date('2030-01-02T00:00:00Z'),
  };

  it('holds until it is accepted, revoked or expired', () => {
    expect(isPending(base, now)).toBe(true);
    expect(isPending({ ...base, accepted_at: now }, now)).toBe(false);
    expect(isPending({ ...base, revoked_at: now }, now)).toBe(false);
    expect(isPending({ ...base, expires_at: now }, now)).toBe(false);
  });
});
