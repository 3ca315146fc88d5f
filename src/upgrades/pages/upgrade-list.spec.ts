import { groupByRollout, upgradeListHref, upgradeListQuery } from './upgrade-list';

describe('upgrade list page', () => {
  it('reads the status and page leniently', () => {
    expect(upgradeListQuery({ status: 'failed', page: '3' })).toEqual({
      page: 3,
      status: 'failed',
    });
    expect(upgradeListQuery({ status: 'stuck', page: 'x' })).toEqual({
      page: 1,
      status: undefined,
    });
    expect(upgradeListQuery({ page: '0' }).page).toBe(1);
    expect(upgradeListQuery({ page: '99999999999' }).page).toBe(1);
    expect(upgradeListQuery({ status: ['pending'] }).status).toBeUndefined();
  });

  it('reads the version, network and order, leaving out what names none', () => {
    expect(
      upgradeListQuery({ version: ' 2.1.0 ', network_id: '7', sort: 'oldest', page: '2' }),
    ).toEqual({ page: 2, status: undefined, version: '2.1.0', network_id: 7, oldest: true });
    expect(
      upgradeListQuery({ version: 'x'.repeat(65), network_id: 'lobby', sort: 'newest' }),
    ).toEqual({ page: 1, status: undefined });
    expect(upgradeListQuery({ version: ['2.1.0'], network_id: '0', sort: ['oldest'] })).toEqual({
      page: 1,
      status: undefined,
    });
  });

  it('links a page keeping every filter and the order', () => {
    expect(
      upgradeListHref({
        page: 3,
        status: 'failed',
        version: '2.1.0 rc',
        network_id: 7,
        oldest: true,
      }),
    ).toBe('/upgrades?status=failed&version=2.1.0+rc&network_id=7&sort=oldest&page=3');
  });

  it('links a page keeping the status filter', () => {
    expect(upgradeListHref({ page: 1 })).toBe('/upgrades');
    expect(upgradeListHref({ page: 2, status: 'pending' })).toBe('/upgrades?status=pending&page=2');
    expect(upgradeListHref({ page: 1, status: 'in_progress' })).toBe(
      '/upgrades?status=in_progress',
    );
  });

  it('groups the upgrades of a page by rollout, in the order each group first appears', () => {
    const upgrade = (id: number, rollout_id: number | null) => ({ id, rollout_id });
    const groups = groupByRollout([
      upgrade(9, 4),
      upgrade(8, null),
      upgrade(7, 4),
      upgrade(6, 2),
      upgrade(5, null),
    ]);
    expect(groups.map((g) => [g.rolloutId, g.upgrades.map((u) => u.id)])).toEqual([
      [4, [9, 7]],
      [null, [8, 5]],
      [2, [6]],
    ]);
    expect(groupByRollout([])).toEqual([]);
  });
});
