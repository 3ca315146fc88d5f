import { MigrationInterface, QueryRunner } from 'typeorm';
import { backfillConfigRevisions } from '../config-revisions';

export class ConfigRevisions1796646909300 implements MigrationInterface {
  name = 'ConfigRevisions1796646909300';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "devices" ADD "config_revision" character varying(64)`);
    // Every existing device gets the revision of the configuration it receives now.
    await backfillConfigRevisions(queryRunner, (n) => `$${n}`);
    await queryRunner.query(
      `CREATE INDEX "IDX_devices_org_network_revision" ON "devices" ("organisation_id", "location_network_id", "config_revision") `,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."IDX_devices_org_network_revision"`);
    await queryRunner.query(`ALTER TABLE "devices" DROP COLUMN "config_revision"`);
  }
}
