import { UnitOfWork } from '../database/unit-of-work';
import { NewEvent } from '../event-log/events.repository';
import { OrganisationsRepository } from '../organisations/organisations.repository';
import { Change, ChangePartKey } from './change';
import { ChangeRunner } from './change-runner.service';
import { EventWriter } from './event-writer';

const event = (type: NewEvent['type']): NewEvent => ({
  type,
  occurred_at: new Date(0),
  network: null,
  device: null,
  actor: { type: 'system' },
  data: {},
});

/** A runner whose transaction, organisation lock and event writer only say what they did. */
const fake = () => {
  const calls: string[] = [];
  // One transaction at a time, whose entity manager is a new object each time.
  const txHost = { tx: null as object | null, isTransactionActive: () => txHost.tx !== null };
  const unitOfWork = {
    run: async <T>(work: () => Promise<T>) => {
      if (txHost.tx) {
        return work();
      }
      txHost.tx = {};
      try {
        return await work();
      } finally {
        txHost.tx = null;
      }
    },
  } as UnitOfWork;
  const organisations = {
    lockForUpdate: (orgId: number) => {
      calls.push(`lock organisation ${orgId}`);
      return Promise.resolve();
    },
  } as unknown as OrganisationsRepository;
  const writer = {
    append: (orgId: number, events: readonly NewEvent[]) => {
      calls.push(`write ${orgId}: ${events.map((e) => e.type).join(',') || 'nothing'}`);
      return Promise.resolve();
    },
  } as unknown as EventWriter;
  const host = txHost as unknown as ConstructorParameters<typeof ChangeRunner>[0];
  return { calls, runner: new ChangeRunner(host, unitOfWork, organisations, writer) };
};

const PART = new ChangePartKey<string[]>('test part');

describe('ChangeRunner', () => {
  it('takes the organisation lock first, runs the work, the hooks before commit, then writes the events', async () => {
    const { calls, runner } = fake();
    runner.register(PART, {
      open: () => {
        calls.push('part opened');
        return [];
      },
      beforeCommit: (state, change) => {
        calls.push(`before commit ${state.join(',')}`);
        change.record(event('rollout.halted'));
        return Promise.resolve();
      },
    });
    const result = await runner.run(
      7,
      (change) => {
        calls.push('work');
        change.part(PART).push('a');
        change.part(PART).push('b');
        change.record(event('upgrade.failed'));
        return Promise.resolve(42);
      },
      { lockOrganisation: true },
    );
    expect(result).toBe(42);
    expect(calls).toEqual([
      'lock organisation 7',
      'work',
      'part opened',
      'before commit a,b',
      'write 7: upgrade.failed,rollout.halted',
    ]);
  });

  it('joins a change of the same organisation: its events are written with the outer ones, once', async () => {
    const { calls, runner } = fake();
    await runner.run(7, async (outer) => {
      outer.record(event('device.up'));
      await runner.record(7, [event('command.created'), null]);
      await runner.run(7, (inner) => {
        expect(inner).toBe(outer);
        return Promise.resolve();
      });
      await runner.record(8, [event('token.created')]);
      calls.push('outer work done');
    });
    expect(calls).toEqual([
      'write 8: token.created',
      'outer work done',
      'write 7: device.up,command.created',
    ]);
  });

  it('joins nothing once the change ended, and refuses an event recorded after', async () => {
    const { calls, runner } = fake();
    let ended: Change | undefined;
    await runner.run(7, (change) => {
      ended = change;
      return Promise.resolve();
    });
    await runner.record(7, [event('device.down')]);
    expect(calls).toEqual(['write 7: nothing', 'write 7: device.down']);
    expect(() => ended!.record(event('device.up'))).toThrow('records an event after it ended');
  });

  it('refuses a part that is not registered, and a key registered twice', async () => {
    const { runner } = fake();
    await expect(runner.run(7, (change) => Promise.resolve(change.part(PART)))).rejects.toThrow(
      'no change part is registered as test part',
    );
    runner.register(PART, { open: () => [] });
    expect(() => runner.register(PART, { open: () => [] })).toThrow('registered already');
  });
});
