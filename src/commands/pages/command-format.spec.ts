import { CommandView } from '../command.view';
import { commandButtonType, commandRow, plural } from './command-format';

const view = (fields: Partial<CommandView>): CommandView => ({
  id: 7,
  type: 'reboot',
  params: {},
  state: 'queued',
  device: { id: 1, mac_id: '0a:00:00:00:00:01', name: null },
  created_by: { id: 2, email: 'ops@example.com' },
  created_at: '2026-11-28T10:00:00.000Z',
  sent_at: null,
  completed_at: null,
  expires_at: '2026-11-28T11:00:00.000Z',
  output: null,
  error: null,
  ...fields,
});

describe('command-format', () => {
  it('shows a queued command as cancellable, by whom it was asked', () => {
    expect(commandRow(view({}))).toEqual({
      id: 7,
      type: 'Reboot',
      state: 'Queued',
      stateClass: 'command-queued',
      cancellable: true,
      createdAt: '2026-11-28T10:00:00.000Z',
      by: 'ops@example.com',
      result: null,
      failed: false,
    });
  });

  it('shows the error of a failed command before any output, and no cancel once sent', () => {
    const failed = commandRow(view({ state: 'failed', output: 'partial', error: 'no route' }));
    expect([failed.state, failed.result, failed.failed, failed.cancellable]).toEqual([
      'Failed',
      'no route',
      true,
      false,
    ]);
    const sent = commandRow(view({ type: 'ping', state: 'sent', created_by: null }));
    expect([sent.type, sent.cancellable, sent.by]).toEqual(['Ping', false, 'Airfleet']);
  });

  it('reads only Reboot and Locate from a button', () => {
    expect(commandButtonType({ type: 'reboot' })).toBe('reboot');
    expect(commandButtonType({ type: 'locate' })).toBe('locate');
    expect(commandButtonType({ type: 'ping' })).toBeNull();
    expect(commandButtonType(null)).toBeNull();
  });

  it('counts in words', () => {
    expect([plural(1, 'device'), plural(0, 'device'), plural(3, 'device')]).toEqual([
      '1 device',
      '0 devices',
      '3 devices',
    ]);
  });
});
