import { commandProblems, CommandsCheck, commandsLines } from './command-scenario';

/** A `--commands` run of 50 devices where everything went well, with `reboot` changed. */
function check(reboot: Partial<CommandsCheck['reboot']> = {}): CommandsCheck {
  return {
    reboot: {
      network_id: 3,
      requested_at_seconds: 60,
      told: 50,
      rebooted: 50,
      back: 50,
      all_back_seconds: 6.24,
      all_succeeded_seconds: 6.5,
      server: { succeeded: 50 },
      ...reboot,
    },
    locate: {
      mac_id: '06:00:00:00:00:00',
      state: 'succeeded',
      output: 'LED blinking for 30 s',
      error: null,
    },
    ping: {
      mac_id: '06:00:00:00:00:01',
      state: 'succeeded',
      output:
        'PING h\n\n4 packets transmitted, 4 received, 0% packet loss\nrtt min/avg/max/mdev = 1/2/3/0.5 ms',
      error: null,
    },
  };
}

describe("the simulator's commands scenario", () => {
  it('passes a run where every device was told, came back, and every command succeeded', () => {
    expect(commandProblems(check(), 50)).toEqual([]);
    expect(commandProblems(null, 50)).toEqual([]);
  });

  it('fails a device not told or not back, a reboot the service does not show succeeded, and a command not succeeded', () => {
    const bad = check({ told: 49, back: 47, server: { succeeded: 46, sent: 3 } });
    bad.ping = null;
    expect(commandProblems(bad, 50)).toEqual([
      'the reboot was queued for 49 of 50 devices',
      '2 of 49 devices did not come back',
      'the service shows reboots {"succeeded":46,"sent":3}, not 49 succeeded',
      'the ping is not known, not succeeded',
    ]);
    expect(commandProblems(check({ told: 0 }), 50)).toEqual([
      'the reboot of the network could not be queued',
    ]);
  });

  it('sums the reboot up in two lines, and each other command with the last line of its output', () => {
    expect(commandsLines(check())).toEqual([
      'reboot of network 3 at 60.0 s: 50 told, 50 rebooted, 50 back',
      '  every device back 6.2 s after the request; every reboot succeeded in the service 6.5 s after the request (at the end {"succeeded":50})',
      'locate 06:00:00:00:00:00: succeeded, LED blinking for 30 s',
      'ping 06:00:00:00:00:01: succeeded, rtt min/avg/max/mdev = 1/2/3/0.5 ms',
    ]);
    const notBack = check({ back: 48, all_back_seconds: null, all_succeeded_seconds: null });
    expect(commandsLines(notBack)[1]).toBe(
      '  not every device came back; the service never showed every reboot succeeded (at the end {"succeeded":50})',
    );
  });
});
