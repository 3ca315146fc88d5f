import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/** A device tag of an organisation (CONTRACT 5); upgrade targets may name one as `tag:<id>`. */
@Entity('tags')
@Index('UQ_tags_org_name', ['organisation_id', 'name'], { unique: true })
export class Tag {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'integer' })
  organisation_id: number;

  @Column({ type: 'varchar', length: 255 })
  name: string;
}
