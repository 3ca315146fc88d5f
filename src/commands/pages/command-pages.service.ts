import { Injectable } from '@nestjs/common';
import { AuthUser } from '../../common/auth/auth-user';
import { deviceNotFound } from '../../access-points/access-points.errors';
import { DeviceSubjectsRepository } from '../../devices/device-subjects.repository';
import { networkNotFound } from '../../networks/networks.errors';
import { NetworkAccessPolicy } from '../../networks/network-access.policy';
import { orRefusedTo } from '../../web/form';
import { Redirect, redirectTo, refusedTo } from '../../web/page-outcome';
import { CommandsService } from '../commands.service';
import { CommandView } from '../command.view';
import { commandButtonType, commandRow, CommandRow, plural } from './command-format';

/** The device page shows this many of the device's commands, newest first. */
export const DEVICE_PAGE_COMMANDS = 10;

/** What the device page shows of commands: the buttons when the user may act, the recent ones. */
export interface DeviceCommandsPanel {
  canCommand: boolean;
  commands: CommandRow[];
}

/**
 * The console's command actions on CommandsService, the one place of their rules: the
 * device page's Reboot and Locate, a network's "Reboot all", the cancel of a queued command.
 * Each answers by a redirect to the page it came from with what was queued, or with the
 * service's refusal (422) as an error message; 403 and 404 show as pages.
 */
@Injectable()
export class CommandPagesService {
  constructor(
    private readonly commands: CommandsService,
    private readonly subjects: DeviceSubjectsRepository,
    private readonly access: NetworkAccessPolicy,
  ) {}

  /** The device page's panel; the device is one the user may read. */
  async devicePanel(
    user: AuthUser,
    device: { mac_id: string; location_network_id: number | null },
  ): Promise<DeviceCommandsPanel> {
    const canCommand = await this.mayCommand(user, device.location_network_id);
    if (!canCommand) {
      return { canCommand, commands: [] };
    }
    const { commands } = await this.commands.list(user, {
      mac_id: device.mac_id,
      per_page: DEVICE_PAGE_COMMANDS,
    });
    return { canCommand, commands: commands.map(commandRow) };
  }

  /** Reboot or Locate from the device page. */
  async deviceCommand(user: AuthUser, deviceId: number, form: unknown): Promise<Redirect> {
    await this.readableDevice(user, deviceId);
    const type = commandButtonType(form);
    const back = `/devices/${deviceId}`;
    if (type === null) {
      return refusedTo(back, 'Choose Reboot or Locate.');
    }
    return this.queue(user, [`AP:${deviceId}`], type, back, (created) =>
      type === 'reboot'
        ? `Reboot queued (command ${created[0].id}): the device gets it at its next check-in.`
        : `Locate queued (command ${created[0].id}): the device blinks for 60 s after its next check-in.`,
    );
  }

  /** "Reboot all" from the network page: every device in the network, in one request. */
  async rebootNetwork(user: AuthUser, networkId: number): Promise<Redirect> {
    await this.access.readable(user, networkId, networkNotFound);
    return this.queue(
      user,
      [`network:${networkId}`],
      'reboot',
      `/networks/${networkId}`,
      (created) =>
        `Reboot queued for ${plural(created.length, 'device')}: each gets it at its next check-in.`,
    );
  }

  /** Cancels a queued command from the device page. */
  async cancel(user: AuthUser, id: number): Promise<Redirect> {
    const command = await this.commands.show(user, id);
    const back = `/devices/${command.device.id}`;
    return orRefusedTo(back, async () => {
      await this.commands.cancel(user, id, 'console');
      return redirectTo(back, `Command ${id} cancelled.`);
    });
  }

  private queue(
    user: AuthUser,
    aps: string[],
    type: 'reboot' | 'locate',
    back: string,
    message: (created: CommandView[]) => string,
  ): Promise<Redirect> {
    return orRefusedTo(back, async () => {
      const created = await this.commands.create(user, { type, aps }, 'console');
      return redirectTo(back, message(created));
    });
  }

  /** 404 unless the user may read the device (devices in no network: admins only). */
  private async readableDevice(user: AuthUser, deviceId: number): Promise<void> {
    const subject = (await this.subjects.of(user.organisation_id, [deviceId])).get(deviceId);
    const readable = await this.access.readableNetworkIds(user);
    const networkId = subject?.network?.id;
    if (
      !subject ||
      (readable !== 'all' && (networkId === undefined || !readable.includes(networkId)))
    ) {
      throw deviceNotFound();
    }
  }

  private async mayCommand(user: AuthUser, networkId: number | null): Promise<boolean> {
    if (user.role === 'admin') {
      return true;
    }
    return networkId !== null && (await this.access.levelOn(user, networkId)) === 'full';
  }
}
