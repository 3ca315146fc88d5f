import { Injectable } from '@nestjs/common';
import { ValidationFailedError } from '../common/errors';
import { UnitOfWork } from '../database/unit-of-work';
import { NetworkTemplateFieldsDto } from './dto/network-template.dto';
import { NetworkTemplateView, networkTemplateView } from './location-network.view';
import { isUniqueViolation } from '../database/unique-violation';
import { NetworkTemplatesRepository } from '../networks/network-templates.repository';

const TEMPLATE_NAME_TAKEN = 'name has already been taken';

/** Network templates of an organisation (CONTRACT 5). */
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
        throw new ValidationFailedError([TEMPLATE_NAME_TAKEN]);
      }
      const configuration = JSON.parse(JSON.stringify(input.configuration)) as Record<
        string,
        unknown
      >;
      try {
        return networkTemplateView(await this.templates.create(orgId, name, configuration));
      } catch (error) {
        if (isUniqueViolation(error)) {
          throw new ValidationFailedError([TEMPLATE_NAME_TAKEN]);
        }
        throw error;
      }
    });
  }
}
