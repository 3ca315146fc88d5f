import { MigrationInterface, QueryRunner } from 'typeorm';

export class FleetHistory1795801705636 implements MigrationInterface {
  name = 'FleetHistory1795801705636';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "fleet_samples" ("id" SERIAL NOT NULL, "organisation_id" integer NOT NULL, "network_id" integer NOT NULL, "at" TIMESTAMP NOT NULL, "devices" integer NOT NULL, "up" integer NOT NULL, "down" integer NOT NULL, "clients" integer NOT NULL, CONSTRAINT "PK_a472481b775c08b391eb767f9f3" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_fleet_samples_at" ON "fleet_samples" ("at") `);
    await queryRunner.query(
      `CREATE UNIQUE INDEX "UQ_fleet_samples_scope_at" ON "fleet_samples" ("organisation_id", "network_id", "at") `,
    );
    await queryRunner.query(
      `ALTER TABLE "fleet_samples" ADD CONSTRAINT "FK_9bbe92bd950a25b5878d199e634" FOREIGN KEY ("organisation_id") REFERENCES "organisations"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "fleet_samples" DROP CONSTRAINT "FK_9bbe92bd950a25b5878d199e634"`,
    );
    await queryRunner.query(`DROP INDEX "public"."UQ_fleet_samples_scope_at"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_fleet_samples_at"`);
    await queryRunner.query(`DROP TABLE "fleet_samples"`);
  }
}
