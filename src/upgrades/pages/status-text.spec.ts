import { UpgradeRecord } from '../upgrade.view';
import { statusText } from './upgrade-rows';

const record = (fields: Partial<UpgradeRecord>) =>
  ({
    status: 'pending',
    progress: null,
    error: null,
    previous_version: null,
    ...fields,
  }) as UpgradeRecord;

describe('the upgrade list status text', () => {
  it.each([
    [{}, 'pending'],
    [
      { status: 'in_progress', progress: 40, previous_version: '1.0.0' },
      'in progress (40 %) · was 1.0.0',
    ],
    [{ status: 'in_progress' }, 'in progress'],
    [
      { status: 'failed', error: 'timed out', previous_version: '1.0.0' },
      'failed · error: timed out · was 1.0.0',
    ],
    [{ status: 'done', progress: 100, previous_version: '1.0.0' }, 'done · was 1.0.0'],
    [{ status: 'cancelled' }, 'cancelled'],
  ] as const)('%j → %s', (fields, text) => {
    expect(statusText(record(fields as Partial<UpgradeRecord>))).toBe(text);
  });
});
