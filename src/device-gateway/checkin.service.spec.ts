import { currentConfigError, reportsNewRevision } from './checkin.service';
import { CheckinDto } from './dto/checkin.dto';
import { DeviceFacts } from '../read-side/gateway-reads.repository';

const facts = (appliedRevision: string | null) => ({ appliedRevision }) as DeviceFacts;
const body = (fields: Partial<CheckinDto>) => fields as CheckinDto;

describe('reportsNewRevision (when a check-in writes the applied revision)', () => {
  it('is a revision other than the one stored', () => {
    expect(reportsNewRevision(body({ config_revision: 'r2' }), facts('r1'))).toBe(true);
    expect(reportsNewRevision(body({ config_revision: 'r1' }), facts(null))).toBe(true);
  });

  it('is not the stored revision again, nor no revision at all', () => {
    expect(reportsNewRevision(body({ config_revision: 'r1' }), facts('r1'))).toBe(false);
    expect(reportsNewRevision(body({ name: 'ap' }), facts('r1'))).toBe(false);
    expect(reportsNewRevision(body({}), facts(null))).toBe(false);
  });
});

describe('currentConfigError (only errors about the current revision count)', () => {
  const error = (revision: string) => ({ revision, message: 'bad key' });

  it('keeps an error about the current revision', () => {
    expect(currentConfigError(body({ config_error: error('r2') }), 'r2')).toEqual(error('r2'));
  });

  it('drops an error about another revision, and has none when none is reported', () => {
    expect(currentConfigError(body({ config_error: error('r1') }), 'r2')).toBeUndefined();
    expect(currentConfigError(body({ config_revision: 'r1' }), 'r2')).toBeUndefined();
  });
});
