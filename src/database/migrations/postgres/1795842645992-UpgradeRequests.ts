import { MigrationInterface, QueryRunner } from 'typeorm';

export class UpgradeRequests1795842645992 implements MigrationInterface {
  name = 'UpgradeRequests1795842645992';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "upgrades" ADD "request_id" character varying(36)`);
    await queryRunner.query(
      `CREATE INDEX "IDX_upgrades_org_request" ON "upgrades" ("organisation_id", "request_id") `,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."IDX_upgrades_org_request"`);
    await queryRunner.query(`ALTER TABLE "upgrades" DROP COLUMN "request_id"`);
  }
}
