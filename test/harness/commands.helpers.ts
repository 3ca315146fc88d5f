import { TestApp } from './app';
import { Caller } from './fixtures';
import { gatewayFixtures, GatewayDevice } from './device-gateway.helpers';

/** A command as the API answers it. */
export interface ShownCommand {
  id: number;
  type: string;
  params: Record<string, unknown>;
  state: string;
  device: { id: number; mac_id: string; name: string | null };
  created_by: { id: number; email: string } | null;
  created_at: string;
  sent_at: string | null;
  completed_at: string | null;
  expires_at: string;
  output: string | null;
  error: string | null;
}

/** Helpers for the command tests: a network of devices, commands, check-ins. */
export function commandFixtures(t: () => TestApp) {
  const g = gatewayFixtures(t);

  /** An admin and `count` devices in one network (named ap-0, ap-1, …). */
  async function fleet(count = 1) {
    const admin = await t().fixtures.admin();
    const network = await t().fixtures.network(admin.orgId);
    const devices: GatewayDevice[] = [];
    for (let i = 0; i < count; i++) {
      devices.push(await g.device(admin.orgId, { networkId: network.id, name: `ap-${i}` }));
    }
    return { admin, network, devices };
  }

  const post = (caller: Caller, command: object) =>
    t().http().post('/v1/access_points/commands').set(caller.auth).send({ command });

  /** Queues a command (200 expected); answers the commands. */
  const queue = async (caller: Caller, command: object): Promise<ShownCommand[]> => {
    const res = await post(caller, command);
    if (res.status !== 200) {
      throw new Error(`create_commands answered ${res.status}: ${JSON.stringify(res.body)}`);
    }
    return res.body.data.commands as ShownCommand[];
  };

  const show = async (caller: Caller, id: number): Promise<ShownCommand> =>
    (await t().http().get(`/v1/access_points/commands/${id}`).set(caller.auth).expect(200)).body
      .data.command as ShownCommand;

  /** A check-in of the device (200 expected); answers its body. */
  const checkin = async (device: GatewayDevice, body: object = {}) =>
    (await g.checkin(device.auth, body).expect(200)).body as {
      commands: { id: number; type: string; params: object }[];
    };

  return { g, fleet, post, queue, show, checkin };
}
