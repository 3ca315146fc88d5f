import { AuthUser } from '../common/auth/auth-user';
import { hashToken } from '../common/identity/token-secret';
import { UsableToken, UsersRepository } from './users.repository';
import { UsersService } from './users.service';

const user: AuthUser = {
  id: 7,
  email: 'a@b.test',
  organisation_id: 3,
  role: 'admin',
  super_admin: false,
};
const now = new Date('2026-11-21T12:00:00Z');
const aMinuteAgo = new Date('2026-11-21T11:59:00Z');

/** A service whose repository knows the token `the-token` (usable, as the statement decides). */
function serviceWith(found: Omit<UsableToken, 'user'> | null, touch = jest.fn()) {
  const findUsableToken = jest.fn((hash: string) =>
    Promise.resolve(found && hash === hashToken('the-token') ? { ...found, user } : null),
  );
  const repository = { findUsableToken, touchToken: touch } as unknown as UsersRepository;
  return {
    service: new UsersService(repository, {} as never, {} as never, {} as never, {} as never),
    findUsableToken,
  };
}

describe('UsersService.authenticate', () => {
  it('returns the user of a usable token', async () => {
    const { service } = serviceWith({ token_id: 5, last_use_stale: false });
    await expect(service.authenticate('the-token', now)).resolves.toEqual(user);
  });

  it('looks the token up by its hash, usable at `now`, its use stale before a minute ago', async () => {
    const { service, findUsableToken } = serviceWith({ token_id: 5, last_use_stale: false });
    await service.authenticate('the-token', now);
    expect(findUsableToken).toHaveBeenCalledWith(hashToken('the-token'), now, aMinuteAgo);
  });

  it('refuses a token the lookup does not find (unknown, expired or revoked)', async () => {
    await expect(serviceWith(null).service.authenticate('the-token', now)).resolves.toBeNull();
    const { service } = serviceWith({ token_id: 5, last_use_stale: false });
    await expect(service.authenticate('other', now)).resolves.toBeNull();
  });
});

describe('UsersService.authenticate records last_used_at', () => {
  it('writes it when the lookup finds it unset or a minute old, with the one-minute condition', async () => {
    const touch = jest.fn(() => Promise.resolve());
    await serviceWith({ token_id: 5, last_use_stale: true }, touch).service.authenticate(
      'the-token',
      now,
    );
    expect(touch).toHaveBeenCalledWith(5, now, 60_000);
  });

  it('sends no statement when it was written less than a minute ago', async () => {
    const touch = jest.fn(() => Promise.resolve());
    await serviceWith({ token_id: 5, last_use_stale: false }, touch).service.authenticate(
      'the-token',
      now,
    );
    expect(touch).not.toHaveBeenCalled();
  });

  it('still authenticates when the write fails', async () => {
    const touch = jest.fn(() => Promise.reject(new Error('database is locked')));
    const { service } = serviceWith({ token_id: 5, last_use_stale: true }, touch);
    jest.spyOn(service['logger'], 'warn').mockImplementation(() => undefined);
    await expect(service.authenticate('the-token', now)).resolves.toEqual(user);
  });
});
