import { ApiErrorCode, CodedError } from '../common/errors';

/** What the activation decision needs to know, as looked up (and locked) by the service. */
export interface ActivationFacts {
  orgId: number;
  /** The organisation's allowed device count and how many devices it holds now. */
  allowedDeviceCount: number;
  deviceCount: number;
  /** Well-formed MACs in request order, and the malformed entries. */
  valid: string[];
  malformed: string[];
  /** Devices of ANY organisation that already have one of the MACs. */
  taken: {
    id: number;
    mac_id: string;
    organisation_id: number;
    location_network_id: number | null;
  }[];
  /** Master inventory records of the MACs. */
  master: { mac_id: string; serial: string; hardware_part_id: number }[];
  /**
   * Provisioning moves the organisation's unassigned devices into the network;
   * network create does not (such a MAC is invalid there).
   */
  moveUnassigned: boolean;
}

/** The writes an accepted activation makes; `macs` are every MAC activated, in request order. */
export interface ActivationPlan {
  toCreate: { mac: string; serial: string; partId: number }[];
  toMove: number[];
  macs: string[];
}

/**
 * The activation rule of network create and provisioning, as a pure decision: every MAC is
 * activated or the request is refused. A MAC is invalid when it is malformed, not in the master
 * inventory, or already in an inventory (except, when provisioning, an unassigned device of the
 * same organisation, which moves). Past the allowed device count the answer is 1005; any other
 * invalid MAC answers 1006 with the list.
 */
export function planActivation(facts: ActivationFacts): ActivationPlan {
  const taken = new Map(facts.taken.map((device) => [device.mac_id, device]));
  const master = new Map(facts.master.map((record) => [record.mac_id, record]));
  const invalid = [...facts.malformed];
  let refusedForLimit = false;
  const plan: ActivationPlan = { toCreate: [], toMove: [], macs: facts.valid };
  for (const mac of facts.valid) {
    const existing = taken.get(mac);
    const record = master.get(mac);
    if (existing) {
      const movable =
        facts.moveUnassigned &&
        existing.organisation_id === facts.orgId &&
        existing.location_network_id === null;
      if (movable) {
        plan.toMove.push(existing.id);
      } else {
        invalid.push(mac);
      }
    } else if (!record) {
      invalid.push(mac);
    } else if (facts.deviceCount + plan.toCreate.length >= facts.allowedDeviceCount) {
      refusedForLimit = true;
      invalid.push(mac);
    } else {
      plan.toCreate.push({ mac, serial: record.serial, partId: record.hardware_part_id });
    }
  }
  if (invalid.length > 0) {
    throw refusedForLimit
      ? new CodedError(
          ApiErrorCode.DeviceLimitReached,
          `Device limit reached: the organisation may hold ${facts.allowedDeviceCount} devices`,
        )
      : invalidMacs(invalid);
  }
  return plan;
}

/** 1006 with the refused MACs. */
export function invalidMacs(macs: string[]): CodedError {
  return new CodedError(
    ApiErrorCode.InvalidMacs,
    `Invalid or already provisioned MAC identifiers: ${macs.join(', ')}`,
  );
}
