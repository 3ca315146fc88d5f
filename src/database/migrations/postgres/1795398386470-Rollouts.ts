import { MigrationInterface, QueryRunner } from 'typeorm';

export class Rollouts1795398386470 implements MigrationInterface {
  name = 'Rollouts1795398386470';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "rollouts" ("id" SERIAL NOT NULL, "organisation_id" integer NOT NULL, "version" character varying(64) NOT NULL, "state" character varying(16) NOT NULL DEFAULT 'running', "max_failure_percent" double precision NOT NULL, "auto_revert" boolean NOT NULL DEFAULT false, "stages" text NOT NULL, "reverted" text NOT NULL, "not_reverted" text NOT NULL, "created_at" TIMESTAMP NOT NULL DEFAULT now(), "finished_at" TIMESTAMP, CONSTRAINT "PK_835787271e5a8640da0b5d616f1" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_rollouts_org" ON "rollouts" ("organisation_id") `);
    await queryRunner.query(`ALTER TABLE "upgrades" ADD "rollout_stage" integer`);
    await queryRunner.query(
      `ALTER TABLE "rollouts" ADD CONSTRAINT "FK_f484f689b5c5a36f13944b32e15" FOREIGN KEY ("organisation_id") REFERENCES "organisations"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "upgrades" ADD CONSTRAINT "FK_812af4c707b30a6cdc5e192eb62" FOREIGN KEY ("rollout_id") REFERENCES "rollouts"("id") ON DELETE SET NULL ON UPDATE NO ACTION`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "upgrades" DROP CONSTRAINT "FK_812af4c707b30a6cdc5e192eb62"`,
    );
    await queryRunner.query(
      `ALTER TABLE "rollouts" DROP CONSTRAINT "FK_f484f689b5c5a36f13944b32e15"`,
    );
    await queryRunner.query(`ALTER TABLE "upgrades" DROP COLUMN "rollout_stage"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_rollouts_org"`);
    await queryRunner.query(`DROP TABLE "rollouts"`);
  }
}
