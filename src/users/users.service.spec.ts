import { AccessToken } from './access-token.entity';
import { hashToken } from '../common/auth/token-secret';
import { User } from './user.entity';
import { UsersRepository } from './users.repository';
import { UsersService } from './users.service';

const user = {
  id: 7,
  email: 'a@b.test',
  organisation_id: 3,
  role: 'admin',
  super_admin: false,
} as User;
const now = new Date('2026-11-21T12:00:00Z');

function serviceWith(token: Partial<AccessToken> | null) {
  const repository = {
    findTokenByHash: jest.fn((hash: string) =>
      Promise.resolve(
        token && hash === hashToken('the-token') ? ({ user, ...token } as AccessToken) : null,
      ),
    ),
  } as unknown as UsersRepository;
  return new UsersService(repository, {} as never, {} as never);
}

describe('UsersService.authenticate', () => {
  it('returns the user of a valid token', async () => {
    const service = serviceWith({ revoked_at: null, expires_at: null });
    await expect(service.authenticate('the-token', now)).resolves.toEqual({
      id: 7,
      email: 'a@b.test',
      organisation_id: 3,
      role: 'admin',
      super_admin: false,
    });
  });

  it('accepts a token that has not expired yet', async () => {
    const service = serviceWith({ revoked_at: null, expires_at: new Date('2026-11-22T00:00:00Z') });
    await expect(service.authenticate('the-token', now)).resolves.not.toBeNull();
  });

  it('refuses an unknown token', async () => {
    await expect(serviceWith(null).authenticate('the-token', now)).resolves.toBeNull();
    await expect(
      serviceWith({ revoked_at: null, expires_at: null }).authenticate('other', now),
    ).resolves.toBeNull();
  });

  it('refuses an expired token', async () => {
    const service = serviceWith({ revoked_at: null, expires_at: new Date('2026-11-21T11:59:59Z') });
    await expect(service.authenticate('the-token', now)).resolves.toBeNull();
  });

  it('refuses a revoked token', async () => {
    const service = serviceWith({ revoked_at: new Date('2026-11-20T00:00:00Z'), expires_at: null });
    await expect(service.authenticate('the-token', now)).resolves.toBeNull();
  });
});

describe('UsersService.authenticate records last_used_at', () => {
  function withTouch(lastUsedAt: Date | null, touch: jest.Mock) {
    const token = { id: 5, user, revoked_at: null, expires_at: null, last_used_at: lastUsedAt };
    const repository = {
      findTokenByHash: jest.fn(() => Promise.resolve(token as AccessToken)),
      touchToken: touch,
    } as unknown as UsersRepository;
    return new UsersService(repository, {} as never, {} as never);
  }

  it('writes it when unset or a minute old, with the one-minute condition', async () => {
    for (const lastUsedAt of [null, new Date('2026-11-21T11:59:00Z')]) {
      const touch = jest.fn(() => Promise.resolve());
      await withTouch(lastUsedAt, touch).authenticate('the-token', now);
      expect(touch).toHaveBeenCalledWith(5, now, 60_000);
    }
  });

  it('sends no statement when it was written less than a minute ago', async () => {
    const touch = jest.fn(() => Promise.resolve());
    await withTouch(new Date('2026-11-21T11:59:01Z'), touch).authenticate('the-token', now);
    expect(touch).not.toHaveBeenCalled();
  });

  it('still authenticates when the write fails', async () => {
    const touch = jest.fn(() => Promise.reject(new Error('database is locked')));
    const service = withTouch(null, touch);
    jest.spyOn(service['logger'], 'warn').mockImplementation(() => undefined);
    await expect(service.authenticate('the-token', now)).resolves.toEqual(
      expect.objectContaining({ id: 7 }),
    );
  });
});
