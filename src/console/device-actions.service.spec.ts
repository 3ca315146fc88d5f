import { DeviceLabelsService } from '../access-points/device-labels.service';
import { DeviceAssignmentService } from '../access-points/device-assignment.service';
import { FleetStatusService } from '../access-points/fleet-status.service';
import { InventoryService } from '../access-points/inventory.service';
import { UplinkConfigurationService } from '../access-points/uplink-configuration.service';
import { AuthUser } from '../common/auth/auth-user';
import { LocationNetworksRepository } from '../networks/location-networks.repository';
import { TagsService } from '../tags/tags.service';
import { DeviceActionsService } from './device-actions.service';

const admin: AuthUser = {
  id: 1,
  organisation_id: 7,
  email: 'a@example.test',
  role: 'admin',
  super_admin: false,
};

/** The service with a fleet whose filters match `count` devices, and no write behind it. */
function withMatches(count: number) {
  const release = jest.fn();
  const fleet = {
    consoleStatuses: jest.fn(() =>
      Promise.resolve({
        devices: [],
        meta: { count, next: null },
        summary: { up: 0, down: 0 },
        counts: {},
      }),
    ),
  };
  const service = new DeviceActionsService(
    { release } as unknown as DeviceAssignmentService,
    {} as InventoryService,
    {} as TagsService,
    {} as UplinkConfigurationService,
    fleet as unknown as FleetStatusService,
    {} as LocationNetworksRepository,
    {} as DeviceLabelsService,
  );
  return { service, release, fleet };
}

describe('device actions on every match', () => {
  const form = { action: 'release', scope: 'matching', filter: 'tag=lobby', confirmed: 'yes' };

  it('refuses more matches than a bulk request of the API takes, acting on none', async () => {
    const { service, release } = withMatches(10_001);
    expect(await service.act(admin, form, '/devices?tag=lobby')).toEqual({
      kind: 'redirect',
      location: '/devices?tag=lobby',
      flash: {
        kind: 'error',
        message:
          'The filters match 10,001 devices; an action takes at most 10,000: narrow the filters.',
      },
    });
    expect(release).not.toHaveBeenCalled();
  });

  it('refuses a filter that matches nothing', async () => {
    const { service, release, fleet } = withMatches(0);
    expect(await service.act(admin, form, '/devices')).toMatchObject({
      kind: 'redirect',
      flash: { kind: 'error', message: 'No device matches the filters.' },
    });
    expect(release).not.toHaveBeenCalled();
    expect(fleet.consoleStatuses).toHaveBeenCalledWith(
      admin,
      { network_id: undefined, device_status: undefined, page: 1, per_page: 1000 },
      expect.objectContaining({ tag: 'lobby' }),
    );
  });
});
