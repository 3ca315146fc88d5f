import { MigrationInterface, QueryRunner } from 'typeorm';

export class RolloutSoak1796615386305 implements MigrationInterface {
  name = 'RolloutSoak1796615386305';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "rollouts" ADD "stage_wait_seconds" integer NOT NULL DEFAULT '0'`,
    );
    await queryRunner.query(`ALTER TABLE "rollouts" ADD "next_stage_at" TIMESTAMP`);
    await queryRunner.query(
      `CREATE INDEX "IDX_rollouts_next_stage_at" ON "rollouts" ("next_stage_at") WHERE next_stage_at IS NOT NULL`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."IDX_rollouts_next_stage_at"`);
    await queryRunner.query(`ALTER TABLE "rollouts" DROP COLUMN "next_stage_at"`);
    await queryRunner.query(`ALTER TABLE "rollouts" DROP COLUMN "stage_wait_seconds"`);
  }
}
