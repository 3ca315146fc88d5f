import { isRefresh, readForm, toUpgradeInput } from './upgrade-form';
import { deviceCountText } from './upgrade-pages.service';

describe('upgrade form', () => {
  it('reads the picked targets: one value per box, or several in one value', () => {
    expect(readForm({ aps: ['network:3', ' tag:4 ', ''] }).aps).toEqual(['network:3', 'tag:4']);
    expect(readForm({ aps: 'AP:1' }).aps).toEqual(['AP:1']);
    expect(readForm({ aps: 'AP:1\nAP:2, network:3' }).aps).toEqual(['AP:1', 'AP:2', 'network:3']);
    expect(readForm({}).aps).toEqual([]);
    expect(readForm({ aps: [7, { a: 1 }] }).aps).toEqual([]);
  });

  it('keeps a device search without control characters, of at most 100 characters', () => {
    expect(readForm({ q: ' aa-bb ' }).q).toBe('aa-bb');
    expect(readForm({ q: 'a\tb' }).q).toBe('');
    expect(readForm({ q: 'x'.repeat(101) }).q).toBe('');
    expect(readForm({ q: ['a'] }).q).toBe('');
  });

  it('tells a refresh (search, versions) from a save', () => {
    expect(isRefresh({ intent: 'refresh' })).toBe(true);
    expect(isRefresh({ intent: 'save' })).toBe(false);
    expect(isRefresh({})).toBe(false);
    expect(isRefresh(undefined)).toBe(false);
  });

  it('sends an emptied field as null, which clears it, where the JSON API would keep it', () => {
    const input = toUpgradeInput(
      readForm({
        upgrade_type: 'automatic',
        schedule_type: 'now',
        version: '',
        schedule_at: '',
        time_zone: '',
        aps: 'AP:1',
      }),
    );
    expect(input).toEqual(
      expect.objectContaining({
        upgrade_type: 'automatic',
        schedule_type: 'now',
        version: null,
        schedule_at: null,
        time_zone: null,
        save_prev_config: false,
        aps: ['AP:1'],
      }),
    );
    const later = toUpgradeInput(
      readForm({
        upgrade_type: 'manual',
        version: '2.0.0',
        schedule_type: 'later',
        schedule_at: '2030-01-15T10:00',
        time_zone: 'Europe/Paris',
      }),
    );
    expect(later).toEqual(
      expect.objectContaining({
        version: '2.0.0',
        schedule_at: '2030-01-15T09:00:00.000Z',
        time_zone: 'Europe/Paris',
      }),
    );
  });

  it('says how many devices the picker lists', () => {
    expect(deviceCountText(1, '')).toBe('1 device.');
    expect(deviceCountText(3, 'lobby')).toBe('3 devices match “lobby”.');
    expect(deviceCountText(1, 'aa:bb')).toBe('1 device matches “aa:bb”.');
    expect(deviceCountText(45, '')).toBe(
      '45 devices; the first 20 are listed, search to narrow them.',
    );
  });
});

describe('the staged rollout of the upgrade form', () => {
  const form = (fields: Record<string, unknown>) =>
    readForm({ upgrade_type: 'automatic', schedule_type: 'now', aps: 'AP:1', ...fields });

  it('sends no rollout unless staged, and the typed one when staged', () => {
    expect(toUpgradeInput(form({ stages: '10, 100' })).rollout).toBeUndefined();
    expect(
      toUpgradeInput(
        form({
          staged: 'true',
          stages: '10, 50 ,100',
          max_failure_percent: '5%',
          auto_revert: 'true',
          stage_wait_seconds: ' 3600 ',
        }),
      ).rollout,
    ).toEqual({
      stages: [10, 50, 100],
      max_failure_percent: 5,
      auto_revert: true,
      stage_wait_seconds: 3600,
    });
    expect(toUpgradeInput(form({ staged: 'true' })).rollout).toEqual({ auto_revert: false });
  });

  it('names a bad stage list or maximum by its path, as the API checks them', () => {
    expect(() =>
      toUpgradeInput(form({ staged: 'true', stages: '50, 10', max_failure_percent: 'lots' })),
    ).toThrow(
      'rollout.stages must be a strictly increasing list of whole percentages from 1 to 100 ' +
        'that ends with 100, rollout.max_failure_percent must be a number from 0 to 100',
    );
    expect(() => toUpgradeInput(form({ staged: 'true', stage_wait_seconds: 'an hour' }))).toThrow(
      'rollout.stage_wait_seconds must be a whole number of seconds from 0 to 604800',
    );
  });
});
