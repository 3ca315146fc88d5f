import { QueryFailedError } from 'typeorm';
import { AuthUser } from '../common/auth/auth-user';
import { isDatabaseUnavailable } from '../database/database-unavailable';
import { LocationNetworksService } from './location-networks.service';

/** A service whose network exists, has no devices, and whose delete fails with `failure`. */
function serviceFailingDeleteWith(failure: Error): LocationNetworksService {
  const networks = {
    findLocked: () =>
      Promise.resolve({ id: 7, network_name: 'n', timezone: 'UTC', config_rollout_id: null }),
    remove: () => Promise.reject(failure),
  };
  const devices = { countMatching: () => Promise.resolve(0) };
  const change = { record: () => undefined };
  const changes = {
    run: <T>(_orgId: number, work: (c: typeof change) => Promise<T>) => work(change),
  };
  return new LocationNetworksService(
    networks as never,
    {} as never,
    devices as never,
    {} as never,
    {} as never,
    {} as never,
    changes as never,
  );
}

const admin = { id: 1, organisation_id: 1, role: 'admin' } as AuthUser;

describe('LocationNetworksService.destroy when the delete fails', () => {
  it('answers 422 1007 when the database refuses the delete', async () => {
    const refused = new QueryFailedError(
      'DELETE',
      [],
      Object.assign(new Error('fk'), { code: '23503' }),
    );
    await expect(serviceFailingDeleteWith(refused).destroy(admin, 7)).rejects.toMatchObject({
      code: 1007,
    });
  });

  it('lets a lost connection through as an outage (503 1040), not as 1007', async () => {
    const lost = new QueryFailedError(
      'DELETE',
      [],
      Object.assign(new Error('terminating connection due to administrator command'), {
        code: '57P01',
      }),
    );
    const failure = await serviceFailingDeleteWith(lost)
      .destroy(admin, 7)
      .catch((error: unknown) => error);
    expect(failure).toBe(lost);
    expect(isDatabaseUnavailable(failure)).toBe(true);
  });
});
