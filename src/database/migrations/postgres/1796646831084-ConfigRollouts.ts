import { MigrationInterface, QueryRunner } from 'typeorm';

export class ConfigRollouts1796646831084 implements MigrationInterface {
  name = 'ConfigRollouts1796646831084';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "config_rollouts" ("id" SERIAL NOT NULL, "organisation_id" integer NOT NULL, "location_network_id" integer NOT NULL, "state" character varying(16) NOT NULL DEFAULT 'running', "base_version" integer NOT NULL, "ssids" text NOT NULL, "diff" text NOT NULL, "stages" text NOT NULL, "max_failure_percent" double precision NOT NULL, "watch_seconds" integer NOT NULL, "auto_revert" boolean NOT NULL, "stage_wait_seconds" integer NOT NULL DEFAULT '0', "next_stage_at" TIMESTAMP, "reverted" text NOT NULL, "reverted_at" TIMESTAMP, "created_by_id" integer NOT NULL, "created_by_email" character varying(255) NOT NULL, "created_at" TIMESTAMP NOT NULL DEFAULT now(), "finished_at" TIMESTAMP, CONSTRAINT "PK_6cc77f359e9056dcafd063f5006" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_config_rollouts_running" ON "config_rollouts" ("organisation_id") WHERE state = 'running'`,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_config_rollouts_network" ON "config_rollouts" ("location_network_id", "id") `,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_config_rollouts_org" ON "config_rollouts" ("organisation_id") `,
    );
    await queryRunner.query(
      `CREATE TABLE "config_rollout_devices" ("id" SERIAL NOT NULL, "organisation_id" integer NOT NULL, "config_rollout_id" integer NOT NULL, "device_id" integer NOT NULL, "stage" integer NOT NULL, "position" integer NOT NULL, "outcome" character varying(16) NOT NULL DEFAULT 'pending', "reported_at" TIMESTAMP, "succeeds_at" TIMESTAMP, "silent_since" TIMESTAMP, "error" character varying(1000), CONSTRAINT "PK_096d0b8672280ac97f6a77538b8" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_config_rollout_devices_waiting" ON "config_rollout_devices" ("config_rollout_id") WHERE outcome = 'waiting'`,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_config_rollout_devices_device" ON "config_rollout_devices" ("device_id") `,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "UQ_config_rollout_devices" ON "config_rollout_devices" ("config_rollout_id", "device_id") `,
    );
    await queryRunner.query(`ALTER TABLE "location_networks" ADD "config_rollout_id" integer`);
    await queryRunner.query(
      `ALTER TABLE "config_rollouts" ADD CONSTRAINT "FK_e1f8fd5788ec852be2fb0e53fa8" FOREIGN KEY ("organisation_id") REFERENCES "organisations"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "config_rollouts" ADD CONSTRAINT "FK_f3496e7d538e51b4874dc749104" FOREIGN KEY ("location_network_id") REFERENCES "location_networks"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "config_rollout_devices" ADD CONSTRAINT "FK_22f3229963861621dda19106976" FOREIGN KEY ("config_rollout_id") REFERENCES "config_rollouts"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "config_rollout_devices" ADD CONSTRAINT "FK_24209166e857ffe0250932bff76" FOREIGN KEY ("device_id") REFERENCES "devices"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "config_rollout_devices" DROP CONSTRAINT "FK_24209166e857ffe0250932bff76"`,
    );
    await queryRunner.query(
      `ALTER TABLE "config_rollout_devices" DROP CONSTRAINT "FK_22f3229963861621dda19106976"`,
    );
    await queryRunner.query(
      `ALTER TABLE "config_rollouts" DROP CONSTRAINT "FK_f3496e7d538e51b4874dc749104"`,
    );
    await queryRunner.query(
      `ALTER TABLE "config_rollouts" DROP CONSTRAINT "FK_e1f8fd5788ec852be2fb0e53fa8"`,
    );
    await queryRunner.query(`ALTER TABLE "location_networks" DROP COLUMN "config_rollout_id"`);
    await queryRunner.query(`DROP INDEX "public"."UQ_config_rollout_devices"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_config_rollout_devices_device"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_config_rollout_devices_waiting"`);
    await queryRunner.query(`DROP TABLE "config_rollout_devices"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_config_rollouts_org"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_config_rollouts_network"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_config_rollouts_running"`);
    await queryRunner.query(`DROP TABLE "config_rollouts"`);
  }
}
