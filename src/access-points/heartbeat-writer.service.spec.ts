import { Logger } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { APP_CONFIG_KEY } from '../config/app-config';
import { UnitOfWork } from '../database/unit-of-work';
import { CheckinHeartbeat } from './checkin-heartbeat';
import { HeartbeatWriter } from './heartbeat-writer.service';
import { HeartbeatsRepository } from './heartbeats.repository';

const checkin = (deviceId: number, fields: Partial<CheckinHeartbeat> = {}): CheckinHeartbeat => ({
  device_id: deviceId,
  organisation_id: 1,
  at: new Date(),
  network_name: null,
  public_ip: '10.0.0.1',
  ...fields,
});

/** A writer over a repository that records each statement it would send. */
function writer(flushMs: number, fail = { next: false }) {
  const statements: CheckinHeartbeat[][] = [];
  const heartbeats = {
    upsertCheckins: (rows: CheckinHeartbeat[]) => {
      if (fail.next) {
        fail.next = false;
        return Promise.reject(new Error('connection lost'));
      }
      statements.push(rows);
      return Promise.resolve();
    },
  } as unknown as HeartbeatsRepository;
  const unitOfWork = { run: <T>(work: () => Promise<T>) => work() } as unknown as UnitOfWork;
  const config = {
    getOrThrow: (key: string) => (key === APP_CONFIG_KEY ? { heartbeatFlushMs: flushMs } : null),
  } as unknown as ConfigService;
  return { statements, service: new HeartbeatWriter(heartbeats, unitOfWork, config) };
}

describe('HeartbeatWriter (issue 14)', () => {
  beforeAll(() => Logger.overrideLogger(false));

  it('writes what waits in one statement, one row per device, the later check-in folded over the earlier', async () => {
    const { statements, service } = writer(1000);
    await service.record(checkin(1, { name: 'ap-1', firmware_version: '1.0' }));
    await service.record(checkin(2));
    await service.record(checkin(1, { firmware_version: '1.1' }));
    expect(statements).toEqual([]);
    expect(service.waiting).toBe(2);
    expect(service.waitingFirmware(1)).toBe('1.1');
    await service.beforeApplicationShutdown();
    expect(statements).toHaveLength(1);
    expect(statements[0].map((row) => [row.device_id, row.name, row.firmware_version])).toEqual([
      [1, 'ap-1', '1.1'],
      [2, undefined, undefined],
    ]);
    expect(service.waiting).toBe(0);
  });

  it('writes at once, with what waited for the device, when asked to or when the delay is 0', async () => {
    const buffered = writer(1000);
    await buffered.service.record(checkin(1, { name: 'ap-1' }));
    await buffered.service.record(checkin(1, { applied_revision: 'r1' }), true);
    expect(buffered.statements).toEqual([
      [expect.objectContaining({ device_id: 1, name: 'ap-1', applied_revision: 'r1' })],
    ]);
    expect(buffered.service.waiting).toBe(0);
    await buffered.service.beforeApplicationShutdown();
    expect(buffered.statements).toHaveLength(1);

    const direct = writer(0);
    await direct.service.record(checkin(3));
    expect(direct.statements).toEqual([[expect.objectContaining({ device_id: 3 })]]);
  });

  it('keeps a batch whose write failed, under what came since, for the next flush', async () => {
    const fail = { next: true };
    const { statements, service } = writer(1000, fail);
    await service.record(checkin(1, { name: 'old', firmware_version: '1.0' }));
    await service.flush();
    expect(service.waiting).toBe(1);
    await service.record(checkin(1, { name: 'new' }));
    await service.beforeApplicationShutdown();
    expect(statements).toEqual([
      [expect.objectContaining({ device_id: 1, name: 'new', firmware_version: '1.0' })],
    ]);
  });

  it('writes a check-in that comes after the shutdown began at once', async () => {
    const { statements, service } = writer(1000);
    await service.beforeApplicationShutdown();
    await service.record(checkin(4));
    expect(statements).toEqual([[expect.objectContaining({ device_id: 4 })]]);
  });
});
