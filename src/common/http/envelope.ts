/**
 * The success bodies of the JSON operations, built in one layer: a controller returns
 * `ok(await this.service.x(...))` (or the helper its operation's shape needs); services return
 * plain data and never a `status`. Each helper fixes its key order, which the bodies keep.
 */

/** `{data, status: 200}`: most JSON operations. */
export const ok = <T>(data: T) => ({ data, status: 200 as const });

/** `{msg, data, status: 200}`: the network writes. */
export const okWithMsg = <T>(msg: string, data: T) => ({ msg, data, status: 200 as const });

/** `{message, status: 200, data}`: the upgrade writes. */
export const okWithMessage = <T>(message: string, data: T) => ({
  message,
  status: 200 as const,
  data,
});

/** `{...fields, status: 200}`: answers whose fields sit beside status (provision, apply_uplink). */
export const withStatus = <T extends object>(fields: T) => ({ ...fields, status: 200 as const });

/** `{status: 200, data}`: current_status puts status first. */
export const statusThenData = <T>(data: T) => ({ status: 200 as const, data });

/** `{status: 200}`: heartbeat. */
export const statusOnly = () => ({ status: 200 as const });
