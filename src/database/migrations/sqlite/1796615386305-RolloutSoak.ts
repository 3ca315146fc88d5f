import { MigrationInterface, QueryRunner } from 'typeorm';

export class RolloutSoak1796615386305 implements MigrationInterface {
  name = 'RolloutSoak1796615386305';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "IDX_rollouts_org"`);
    await queryRunner.query(
      `CREATE TABLE "temporary_rollouts" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "organisation_id" integer NOT NULL, "version" varchar(64) NOT NULL, "state" varchar(16) NOT NULL DEFAULT ('running'), "max_failure_percent" double precision NOT NULL, "auto_revert" boolean NOT NULL DEFAULT (0), "stages" text NOT NULL, "reverted" text NOT NULL, "not_reverted" text NOT NULL, "created_at" datetime NOT NULL DEFAULT (datetime('now')), "finished_at" datetime, "stage_wait_seconds" integer NOT NULL DEFAULT (0), "next_stage_at" datetime, CONSTRAINT "FK_f484f689b5c5a36f13944b32e15" FOREIGN KEY ("organisation_id") REFERENCES "organisations" ("id") ON DELETE CASCADE ON UPDATE NO ACTION)`,
    );
    await queryRunner.query(
      `INSERT INTO "temporary_rollouts"("id", "organisation_id", "version", "state", "max_failure_percent", "auto_revert", "stages", "reverted", "not_reverted", "created_at", "finished_at") SELECT "id", "organisation_id", "version", "state", "max_failure_percent", "auto_revert", "stages", "reverted", "not_reverted", "created_at", "finished_at" FROM "rollouts"`,
    );
    await queryRunner.query(`DROP TABLE "rollouts"`);
    await queryRunner.query(`ALTER TABLE "temporary_rollouts" RENAME TO "rollouts"`);
    await queryRunner.query(`CREATE INDEX "IDX_rollouts_org" ON "rollouts" ("organisation_id") `);
    await queryRunner.query(
      `CREATE INDEX "IDX_rollouts_next_stage_at" ON "rollouts" ("next_stage_at") WHERE next_stage_at IS NOT NULL`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "IDX_rollouts_next_stage_at"`);
    await queryRunner.query(`DROP INDEX "IDX_rollouts_org"`);
    await queryRunner.query(`ALTER TABLE "rollouts" RENAME TO "temporary_rollouts"`);
    await queryRunner.query(
      `CREATE TABLE "rollouts" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "organisation_id" integer NOT NULL, "version" varchar(64) NOT NULL, "state" varchar(16) NOT NULL DEFAULT ('running'), "max_failure_percent" double precision NOT NULL, "auto_revert" boolean NOT NULL DEFAULT (0), "stages" text NOT NULL, "reverted" text NOT NULL, "not_reverted" text NOT NULL, "created_at" datetime NOT NULL DEFAULT (datetime('now')), "finished_at" datetime, CONSTRAINT "FK_f484f689b5c5a36f13944b32e15" FOREIGN KEY ("organisation_id") REFERENCES "organisations" ("id") ON DELETE CASCADE ON UPDATE NO ACTION)`,
    );
    await queryRunner.query(
      `INSERT INTO "rollouts"("id", "organisation_id", "version", "state", "max_failure_percent", "auto_revert", "stages", "reverted", "not_reverted", "created_at", "finished_at") SELECT "id", "organisation_id", "version", "state", "max_failure_percent", "auto_revert", "stages", "reverted", "not_reverted", "created_at", "finished_at" FROM "temporary_rollouts"`,
    );
    await queryRunner.query(`DROP TABLE "temporary_rollouts"`);
    await queryRunner.query(`CREATE INDEX "IDX_rollouts_org" ON "rollouts" ("organisation_id") `);
  }
}
