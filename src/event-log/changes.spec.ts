import { changesOf, MASKED } from './changes';

describe('changesOf', () => {
  it('names each given field whose value changed, by content, and masks secrets', () => {
    expect(
      changesOf(
        { name: 'a', tags: ['x'], timezone: 'UTC', wpa_key: 'old-secret', same: 1 },
        { name: 'b', tags: ['x'], timezone: null, wpa_key: 'new-secret', same: 1 },
        ['name', 'tags', 'timezone', 'wpa_key', 'same'],
        ['wpa_key'],
      ),
    ).toEqual({
      name: { from: 'a', to: 'b' },
      timezone: { from: 'UTC', to: null },
      wpa_key: { from: MASKED, to: MASKED },
    });
  });
});
