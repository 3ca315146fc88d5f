import { reportsConfiguration } from './checkin.service';
import { CheckinDto } from './dto/checkin.dto';
import { DeviceFacts } from './gateway-reads.repository';

const facts = (appliedRevision: string | null) => ({ appliedRevision }) as DeviceFacts;
const body = (fields: Partial<CheckinDto>) => fields as CheckinDto;

describe('reportsConfiguration (what a check-in must store before its answer)', () => {
  it('is a configuration error, or a revision other than the one stored', () => {
    expect(reportsConfiguration(body({ config_revision: 'r2' }), facts('r1'))).toBe(true);
    expect(reportsConfiguration(body({ config_revision: 'r1' }), facts(null))).toBe(true);
    expect(
      reportsConfiguration(
        body({ config_revision: 'r1', config_error: { revision: 'r2', message: 'bad key' } }),
        facts('r1'),
      ),
    ).toBe(true);
  });

  it('is not the stored revision again, nor no report at all (heartbeat fields may wait)', () => {
    expect(reportsConfiguration(body({ config_revision: 'r1' }), facts('r1'))).toBe(false);
    expect(reportsConfiguration(body({ name: 'ap' }), facts('r1'))).toBe(false);
    expect(reportsConfiguration(body({}), facts(null))).toBe(false);
  });
});
