import { MigrationInterface, QueryRunner } from 'typeorm';

export class ConfigDrafts1796622498826 implements MigrationInterface {
  name = 'ConfigDrafts1796622498826';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "network_drafts" ("id" SERIAL NOT NULL, "organisation_id" integer NOT NULL, "location_network_id" integer NOT NULL, "base_version" integer NOT NULL, "ssids" text NOT NULL, "created_by_id" integer NOT NULL, "created_by_email" character varying(255) NOT NULL, "created_at" TIMESTAMP NOT NULL DEFAULT now(), "updated_at" TIMESTAMP NOT NULL DEFAULT now(), CONSTRAINT "PK_cf6fe74ab8ed9a8d496a80c997b" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_9b9f1f37ca5d7555982d1084e1" ON "network_drafts" ("organisation_id") `,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "UQ_network_drafts_network" ON "network_drafts" ("location_network_id") `,
    );
    await queryRunner.query(
      `ALTER TABLE "location_networks" ADD "config_version" integer NOT NULL DEFAULT '1'`,
    );
    await queryRunner.query(
      `ALTER TABLE "network_drafts" ADD CONSTRAINT "FK_9b9f1f37ca5d7555982d1084e14" FOREIGN KEY ("organisation_id") REFERENCES "organisations"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "network_drafts" ADD CONSTRAINT "FK_79cd88718f52d9842d9d5e81091" FOREIGN KEY ("location_network_id") REFERENCES "location_networks"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "network_drafts" DROP CONSTRAINT "FK_79cd88718f52d9842d9d5e81091"`,
    );
    await queryRunner.query(
      `ALTER TABLE "network_drafts" DROP CONSTRAINT "FK_9b9f1f37ca5d7555982d1084e14"`,
    );
    await queryRunner.query(`ALTER TABLE "location_networks" DROP COLUMN "config_version"`);
    await queryRunner.query(`DROP INDEX "public"."UQ_network_drafts_network"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_9b9f1f37ca5d7555982d1084e1"`);
    await queryRunner.query(`DROP TABLE "network_drafts"`);
  }
}
