import { hashDeviceSecret } from '../catalogue/device-secret';
import { Injectable } from '@nestjs/common';
import { ValidationFailedError } from '../common/errors';
import { normaliseMac } from '../common/mac/mac';
import { alreadyTaken, guardUnique } from '../database/unique-violation';
import { UnitOfWork } from '../database/unit-of-work';
import { EventActor } from '../event-log/event.entity';
import { HardwarePart } from '../catalogue/hardware-part.entity';
import { CatalogueRepository } from '../catalogue/catalogue.repository';
import { Organisation } from '../organisations/organisation.entity';
import { OrganisationsRepository } from '../organisations/organisations.repository';
import { UpgradeData } from '../firmware/upgrade-data.entity';
import { UpgradeDataRepository } from '../firmware/upgrade-data.repository';
import { IssuedToken, ORGANISATION_MISSING, UsersService, UserView } from '../users/users.service';
import {
  CreateHardwarePartDto,
  CreateOrganisationDto,
  CreateTokenDto,
  CreateUpgradeDataDto,
  CreateUserDto,
  UpsertMasterInventoryDto,
} from './dto/admin.dto';

export const DEFAULT_ALLOWED_DEVICES = 100;

export interface OrganisationView {
  id: number;
  name: string;
  allowed_device_count: number;
}

export interface UpgradeDataView {
  id: number;
  version: string;
  url: Record<string, string>;
  organisation_id: number | null;
  is_released: boolean;
}

export const organisationView = ({
  id,
  name,
  allowed_device_count,
}: Organisation): OrganisationView => ({
  id,
  name,
  allowed_device_count,
});

export const upgradeDataView = (d: UpgradeData): UpgradeDataView => ({
  id: d.id,
  version: d.version,
  url: d.url,
  organisation_id: d.organisation_id,
  is_released: d.is_released,
});

/** The platform operator's use cases; the CLI calls the same methods. */
@Injectable()
export class AdminService {
  constructor(
    private readonly organisations: OrganisationsRepository,
    private readonly users: UsersService,
    private readonly catalogue: CatalogueRepository,
    private readonly upgradeData: UpgradeDataRepository,
    private readonly unitOfWork: UnitOfWork,
  ) {}

  createOrganisation(input: CreateOrganisationDto): Promise<OrganisationView> {
    return this.unitOfWork.run(async () => {
      if (await this.organisations.findByName(input.name)) {
        throw new ValidationFailedError([alreadyTaken('name')]);
      }
      const created = await guardUnique(
        () =>
          this.organisations.create(
            input.name,
            input.allowed_device_count ?? DEFAULT_ALLOWED_DEVICES,
          ),
        () => new ValidationFailedError([alreadyTaken('name')]),
      );
      return organisationView(created);
    });
  }

  createUser(input: CreateUserDto): Promise<UserView> {
    return this.users.createUser(input);
  }

  /** Issues a token for a user of any organisation; the event names who asked (`actor`). */
  issueToken(input: CreateTokenDto, actor: EventActor): Promise<IssuedToken> {
    return this.users.issueToken(
      input.user_id,
      actor,
      input.name,
      input.expires_in_days,
      input.organisation_id,
    );
  }

  createHardwarePart(input: CreateHardwarePartDto): Promise<HardwarePart> {
    return this.unitOfWork.run(async () => {
      if (await this.catalogue.findPartByNumber(input.part_number)) {
        throw new ValidationFailedError([alreadyTaken('part_number')]);
      }
      return guardUnique(
        () => this.catalogue.createPart(input),
        () => new ValidationFailedError([alreadyTaken('part_number')]),
      );
    });
  }

  /** Upserts by serial in a constant number of statements, whatever the number of devices. */
  upsertMasterInventory(input: UpsertMasterInventoryDto): Promise<{ count: number }> {
    return this.unitOfWork.run(async () => {
      const partNumbers = [...new Set(input.devices.map((d) => d.part_number))];
      const parts = new Map(
        (await this.catalogue.findPartsByNumbers(partNumbers)).map((p) => [p.part_number, p.id]),
      );
      const problems: string[] = [];
      const seenSerials = new Set<string>();
      const seenMacs = new Set<string>();
      const rows = input.devices.map((device, i) => {
        const mac = normaliseMac(device.mac_id);
        if (!mac) {
          problems.push(`devices.${i}.mac_id ${device.mac_id} is not a MAC address`);
        } else if (seenMacs.has(mac)) {
          problems.push(`devices.${i}.mac_id ${mac} is given twice`);
        }
        if (seenSerials.has(device.serial)) {
          problems.push(`devices.${i}.serial ${device.serial} is given twice`);
        }
        if (!parts.has(device.part_number)) {
          problems.push(`devices.${i}.part_number ${device.part_number} does not exist`);
        }
        seenSerials.add(device.serial);
        seenMacs.add(mac ?? '');
        return {
          serial: device.serial,
          mac_id: mac ?? '',
          hardware_part_id: parts.get(device.part_number) ?? 0,
          secret_hash: device.secret === undefined ? undefined : hashDeviceSecret(device.secret),
        };
      });
      const existing = await this.catalogue.findByMacs([...seenMacs].filter(Boolean));
      const serialOf = new Map(rows.map((r) => [r.mac_id, r.serial]));
      for (const record of existing) {
        if (serialOf.get(record.mac_id) !== record.serial) {
          problems.push(`mac_id ${record.mac_id} belongs to serial ${record.serial}`);
        }
      }
      if (problems.length > 0) {
        throw new ValidationFailedError(problems);
      }
      await this.catalogue.upsertMaster(rows);
      return { count: rows.length };
    });
  }

  createUpgradeData(input: CreateUpgradeDataDto): Promise<UpgradeDataView> {
    return this.unitOfWork.run(async () => {
      const problems: string[] = [];
      if (!/^\d+(\.\d+)*$/.test(input.version)) {
        problems.push('version must be dotted numbers, e.g. 1.4.2');
      }
      for (const [part, location] of Object.entries(input.url)) {
        if (typeof location !== 'string' || location.length === 0) {
          problems.push(`url.${part} must be a non-empty string`);
        }
      }
      if (input.organisation_id && !(await this.organisations.findById(input.organisation_id))) {
        problems.push(ORGANISATION_MISSING);
      }
      if (problems.length > 0) {
        throw new ValidationFailedError(problems);
      }
      const created = await this.upgradeData.create({
        version: input.version,
        url: input.url,
        organisation_id: input.organisation_id ?? null,
        is_released: input.is_released,
      });
      return upgradeDataView(created);
    });
  }
}
