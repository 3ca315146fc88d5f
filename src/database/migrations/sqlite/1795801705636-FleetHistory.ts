import { MigrationInterface, QueryRunner } from 'typeorm';

export class FleetHistory1795801705636 implements MigrationInterface {
  name = 'FleetHistory1795801705636';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "fleet_samples" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "organisation_id" integer NOT NULL, "network_id" integer NOT NULL, "at" datetime NOT NULL, "devices" integer NOT NULL, "up" integer NOT NULL, "down" integer NOT NULL, "clients" integer NOT NULL)`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_fleet_samples_at" ON "fleet_samples" ("at") `);
    await queryRunner.query(
      `CREATE UNIQUE INDEX "UQ_fleet_samples_scope_at" ON "fleet_samples" ("organisation_id", "network_id", "at") `,
    );
    await queryRunner.query(`DROP INDEX "IDX_fleet_samples_at"`);
    await queryRunner.query(`DROP INDEX "UQ_fleet_samples_scope_at"`);
    await queryRunner.query(
      `CREATE TABLE "temporary_fleet_samples" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "organisation_id" integer NOT NULL, "network_id" integer NOT NULL, "at" datetime NOT NULL, "devices" integer NOT NULL, "up" integer NOT NULL, "down" integer NOT NULL, "clients" integer NOT NULL, CONSTRAINT "FK_9bbe92bd950a25b5878d199e634" FOREIGN KEY ("organisation_id") REFERENCES "organisations" ("id") ON DELETE CASCADE ON UPDATE NO ACTION)`,
    );
    await queryRunner.query(
      `INSERT INTO "temporary_fleet_samples"("id", "organisation_id", "network_id", "at", "devices", "up", "down", "clients") SELECT "id", "organisation_id", "network_id", "at", "devices", "up", "down", "clients" FROM "fleet_samples"`,
    );
    await queryRunner.query(`DROP TABLE "fleet_samples"`);
    await queryRunner.query(`ALTER TABLE "temporary_fleet_samples" RENAME TO "fleet_samples"`);
    await queryRunner.query(`CREATE INDEX "IDX_fleet_samples_at" ON "fleet_samples" ("at") `);
    await queryRunner.query(
      `CREATE UNIQUE INDEX "UQ_fleet_samples_scope_at" ON "fleet_samples" ("organisation_id", "network_id", "at") `,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "UQ_fleet_samples_scope_at"`);
    await queryRunner.query(`DROP INDEX "IDX_fleet_samples_at"`);
    await queryRunner.query(`ALTER TABLE "fleet_samples" RENAME TO "temporary_fleet_samples"`);
    await queryRunner.query(
      `CREATE TABLE "fleet_samples" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "organisation_id" integer NOT NULL, "network_id" integer NOT NULL, "at" datetime NOT NULL, "devices" integer NOT NULL, "up" integer NOT NULL, "down" integer NOT NULL, "clients" integer NOT NULL)`,
    );
    await queryRunner.query(
      `INSERT INTO "fleet_samples"("id", "organisation_id", "network_id", "at", "devices", "up", "down", "clients") SELECT "id", "organisation_id", "network_id", "at", "devices", "up", "down", "clients" FROM "temporary_fleet_samples"`,
    );
    await queryRunner.query(`DROP TABLE "temporary_fleet_samples"`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX "UQ_fleet_samples_scope_at" ON "fleet_samples" ("organisation_id", "network_id", "at") `,
    );
    await queryRunner.query(`CREATE INDEX "IDX_fleet_samples_at" ON "fleet_samples" ("at") `);
    await queryRunner.query(`DROP INDEX "UQ_fleet_samples_scope_at"`);
    await queryRunner.query(`DROP INDEX "IDX_fleet_samples_at"`);
    await queryRunner.query(`DROP TABLE "fleet_samples"`);
  }
}
