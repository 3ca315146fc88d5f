import { createParamDecorator, ExecutionContext, SetMetadata } from '@nestjs/common';

/**
 * An access point authenticated by HTTP Basic with its factory secret, as attached
 * to the request of a device route. It names the device of the organisation that holds it; what
 * else a route needs (network, name, hardware) it reads fresh, so a move shows at once.
 */
export interface DevicePrincipal {
  kind: 'device';
  /** The device record (`devices.id`) of the organisation that holds the MAC. */
  device_id: number;
  organisation_id: number;
  /** Canonical form `AA:BB:CC:DD:EE:FF`. */
  mac_id: string;
}

export const IS_DEVICE_ROUTE = 'airfleet:device-route';

/**
 * Marks a device route (`/device/v1/...`): HTTP Basic device credentials instead of a bearer
 * token (user tokens are refused with 401 1036), rate-limited per device.
 */
export const DeviceRoute = () => SetMetadata(IS_DEVICE_ROUTE, true);

/** The authenticated device of a device route. */
export const CurrentDevice = createParamDecorator(
  (_data: unknown, ctx: ExecutionContext): DevicePrincipal =>
    ctx.switchToHttp().getRequest<{ user: DevicePrincipal }>().user,
);

export function isDevicePrincipal(caller: unknown): caller is DevicePrincipal {
  return (caller as DevicePrincipal | undefined)?.kind === 'device';
}
