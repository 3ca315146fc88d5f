import { Injectable } from '@nestjs/common';
import { ValidationFailedError } from '../common/errors';
import { UnitOfWork } from '../database/unit-of-work';
import { NetworkTemplateFieldsDto } from './dto/network-template.dto';
import { NetworkTemplateView, networkTemplateView } from '../networks/location-network.view';
import { alreadyTaken, guardUnique } from '../database/unique-violation';
import { NetworkTemplatesRepository } from '../networks/network-templates.repository';

const templateNameTaken = () => new ValidationFailedError([alreadyTaken('name')]);

/** Network templates of an organisation. */
@Injectable()
export class NetworkTemplatesService {
  constructor(
    private readonly templates: NetworkTemplatesRepository,
    private readonly unitOfWork: UnitOfWork,
  ) {}

  async list(orgId: number): Promise<NetworkTemplateView[]> {
    return (await this.templates.findAll(orgId)).map(networkTemplateView);
  }

  /** Duplicate names within the organisation are validation errors (422 1030). */
  create(orgId: number, input: NetworkTemplateFieldsDto): Promise<NetworkTemplateView> {
    return this.unitOfWork.run(async () => {
      const name = input.name.trim();
      if (await this.templates.findByName(orgId, name)) {
        throw templateNameTaken();
      }
      const configuration = JSON.parse(JSON.stringify(input.configuration)) as Record<
        string,
        unknown
      >;
      const created = await guardUnique(
        () => this.templates.create(orgId, name, configuration),
        templateNameTaken,
      );
      return networkTemplateView(created);
    });
  }
}
