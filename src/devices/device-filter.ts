/** Which of an organisation's devices a read takes (the devices module's own queries and the read side's). */
export interface DeviceFilter {
  ids?: number[];
  macs?: string[];
  networkId?: number;
  /** Only devices in one of these networks (devices in no network excluded). */
  networkIds?: number[];
}
