import { Column, Entity, Index } from 'typeorm';
import { OrganisationScoped } from '../organisations/organisation-record';

/** A device tag of an organisation; upgrade targets may name one as `tag:<id>`. */
@Entity('tags')
@Index('UQ_tags_org_name', ['organisation_id', 'name'], { unique: true })
export class Tag extends OrganisationScoped {
  @Column({ type: 'varchar', length: 255 })
  name: string;
}
