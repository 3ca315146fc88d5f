import * as password from '../users/password';
import { UsersRepository } from '../users/users.repository';
import { MembershipsRepository } from '../users/memberships.repository';
import { DECOY_HASH, SignInService } from './sign-in.service';

describe('the decoy hash of sign-in (an unknown email costs what a known one does)', () => {
  afterEach(() => jest.restoreAllMocks());

  it('has the current scrypt parameters, so verifying against it costs what a user hash costs', () => {
    const { ln, r, p } = password.CURRENT_PARAMETERS;
    expect(DECOY_HASH.startsWith(`$scrypt$ln=${ln},r=${r},p=${p}$`)).toBe(true);
    expect(password.needsRehash(DECOY_HASH)).toBe(false);
  });

  it('is compared against for an unknown email from the first sign-in on, with no hash made first', async () => {
    const hash = jest.spyOn(password, 'hashPassword');
    const verify = jest.spyOn(password, 'verifyPassword');
    const noSuchUser = { findByEmail: () => Promise.resolve(null) } as unknown as UsersRepository;
    const noMemberships = {} as MembershipsRepository;
    await expect(
      new SignInService(noSuchUser, noMemberships).authenticate('nobody@example.test', 'guess'),
    ).resolves.toBeNull();
    expect(hash).not.toHaveBeenCalled();
    expect(verify.mock.calls).toEqual([['guess', DECOY_HASH]]);
  });
});
