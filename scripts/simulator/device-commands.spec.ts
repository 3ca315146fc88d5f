import {
  actionFor,
  CommandBook,
  CommandHost,
  DeviceCommands,
  HandedCommand,
  locateOutput,
  pingOutput,
  RESULTS_PER_CHECKIN,
} from './device-commands';

const reboot = (id: number): HandedCommand => ({ id, type: 'reboot', params: {} });
const locate = (id: number, seconds = 60): HandedCommand => ({
  id,
  type: 'locate',
  params: { duration_seconds: seconds },
});

describe("a virtual device's commands", () => {
  it('blinks for the duration asked (60 s when the params have none), and fails a type it does not know', () => {
    expect(actionFor(locate(3, 30))).toEqual({
      reboot: false,
      result: { id: 3, state: 'succeeded', output: 'LED blinking for 30 s' },
    });
    expect(locateOutput({})).toBe('LED blinking for 60 s');
    expect(actionFor(reboot(4))).toEqual({ reboot: true });
    expect(actionFor({ id: 5, type: 'trace', params: {} })).toEqual({
      reboot: false,
      result: { id: 5, state: 'failed', error: 'unknown command type: trace' },
    });
  });

  it('answers a ping as iputils prints it, every packet received, the statistics those of the round trips shown', () => {
    const rtts = [0, 0.5, 1, 0.25];
    let i = 0;
    const output = pingOutput({ host: '192.0.2.1', count: 4 }, () => rtts[i++]);
    expect(output.split('\n')).toEqual([
      'PING 192.0.2.1 56(84) bytes of data.',
      '64 bytes from 192.0.2.1: icmp_seq=1 ttl=64 time=0.400 ms',
      '64 bytes from 192.0.2.1: icmp_seq=2 ttl=64 time=1.400 ms',
      '64 bytes from 192.0.2.1: icmp_seq=3 ttl=64 time=2.400 ms',
      '64 bytes from 192.0.2.1: icmp_seq=4 ttl=64 time=0.900 ms',
      '',
      '--- 192.0.2.1 ping statistics ---',
      '4 packets transmitted, 4 received, 0% packet loss',
      // avg 1.275; deviations −0.875, 0.125, 1.125, −0.375: mdev √(2.1875 / 4)
      'rtt min/avg/max/mdev = 0.400/1.275/2.400/0.740 ms',
    ]);
    expect(pingOutput({ host: 'ap.example', count: 10 }, Math.random)).toContain(
      '10 packets transmitted, 10 received, 0% packet loss',
    );
  });

  it('carries out each command once however often it is handed out before its result is taken, and resends a result until a check-in carrying it is answered', () => {
    const book = new CommandBook();
    expect(book.receive([locate(1), locate(1)]).fresh).toEqual([locate(1)]);
    expect(book.receive([locate(1), locate(2)])).toEqual({ fresh: [locate(2)], again: 0 });
    book.record({ id: 1, state: 'succeeded', output: 'a' });
    book.record({ id: 2, state: 'succeeded', output: 'b' });
    const sent = book.toSend();
    // That check-in had no answer: the next one carries the same results.
    expect(book.toSend()).toEqual(sent);
    book.taken(sent, 1000);
    expect(book.toSend()).toBeUndefined();
    expect(book.idle).toBe(true);
    // The service does not hand out a command whose result it took: if it does, it is counted.
    expect(book.receive([locate(1), locate(3)])).toEqual({ fresh: [locate(3)], again: 1 });
  });

  it('sends at most 10 results a check-in, the oldest first', () => {
    const book = new CommandBook();
    for (let id = 1; id <= 12; id++) {
      book.record({ id, state: 'succeeded' });
    }
    const first = book.toSend()!;
    expect(first.map((r) => r.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(first).toHaveLength(RESULTS_PER_CHECKIN);
    book.taken(first, 0);
    expect(book.toSend()!.map((r) => r.id)).toEqual([11, 12]);
  });

  it('records a reboot as down, up (its result waiting, with the uptime it ended), and back when the result is taken', () => {
    const book = new CommandBook();
    book.rebootStarted(7, 1000);
    expect({ rebooting: book.rebooting, idle: book.idle, send: book.toSend() }).toEqual({
      rebooting: true,
      idle: false,
      send: undefined,
    });
    book.rebootEnded(7, 6000, 125);
    expect(book.rebooting).toBe(false);
    expect(book.toSend()).toEqual([
      { id: 7, state: 'succeeded', output: 'rebooted after 125 s of uptime' },
    ]);
    book.taken(book.toSend(), 6100);
    expect(book.reboots.get(7)).toEqual({ id: 7, downAt: 1000, upAt: 6000, backAt: 6100 });
    expect(book.idle).toBe(true);
  });
});

describe('a virtual device carrying out its commands', () => {
  /** A device whose upgrade ends after `upgradingFor` looks; every call recorded in `calls`. */
  function device(upgradingFor = 0) {
    const calls: string[] = [];
    let clock = 0;
    const host: CommandHost = {
      upgrading: () => upgradingFor-- > 0,
      uptimeSeconds: () => 42,
      restart: (ms) => {
        calls.push(`restart ${ms}`);
        clock += ms;
        return Promise.resolve();
      },
      checkInSoon: () => {
        calls.push(`check in with ${JSON.stringify(commands.book.toSend()?.map((r) => r.id))}`);
        return Promise.resolve();
      },
    };
    const ctx = {
      now: () => clock,
      signal: new AbortController().signal,
      rebootMs: 5000,
      anomaly: (message: string) => calls.push(`anomaly ${message}`),
      error: (what: string) => calls.push(`error ${what}`),
    };
    const commands = new DeviceCommands(ctx, host);
    return { commands, calls };
  }

  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

  it('reboots once for a reboot handed twice, its result on the check-in after the reboot, and reports a locate on a check-in at once', async () => {
    const { commands, calls } = device();
    commands.carryOut([reboot(1), locate(2, 5)]);
    commands.carryOut([reboot(1), locate(2, 5)]);
    await settle();
    expect(calls).toEqual(['restart 5000', 'check in with [2]', 'check in with [2,1]']);
    expect(commands.book.reboots.get(1)).toMatchObject({ downAt: 0, upAt: 5000, backAt: null });
  });

  it('reboots only when the upgrade under way has ended', async () => {
    const { commands, calls } = device(1);
    commands.carryOut([reboot(1)]);
    await settle();
    expect(calls).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect(calls).toEqual(['restart 5000', 'check in with [1]']);
  });
});
