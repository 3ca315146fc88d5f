import { MigrationInterface, QueryRunner } from 'typeorm';

export class Webhooks1795808955232 implements MigrationInterface {
  name = 'Webhooks1795808955232';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "webhooks" ("id" SERIAL NOT NULL, "organisation_id" integer NOT NULL, "url" character varying(2048) NOT NULL, "event_types" text NOT NULL, "description" character varying(255), "enabled" boolean NOT NULL DEFAULT true, "disabled_reason" character varying(255), "secret" character varying(64) NOT NULL, "previous_secret" character varying(64), "previous_secret_until" TIMESTAMP, "created_at" TIMESTAMP NOT NULL DEFAULT now(), "updated_at" TIMESTAMP NOT NULL DEFAULT now(), CONSTRAINT "PK_9e8795cfc899ab7bdaa831e8527" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_webhooks_org" ON "webhooks" ("organisation_id", "id") `,
    );
    await queryRunner.query(
      `CREATE TABLE "webhook_deliveries" ("id" SERIAL NOT NULL, "organisation_id" integer NOT NULL, "webhook_id" integer NOT NULL, "event_id" integer, "event_type" character varying(64) NOT NULL, "test_payload" text, "message_id" character varying(64) NOT NULL, "state" character varying(16) NOT NULL, "attempts" integer NOT NULL DEFAULT '0', "schedule_base" integer NOT NULL DEFAULT '0', "last_status_code" integer, "last_error" character varying(255), "last_attempt_at" TIMESTAMP, "next_attempt_at" TIMESTAMP, "lease_until" TIMESTAMP, "lease_token" character varying(36), "created_at" TIMESTAMP NOT NULL DEFAULT now(), CONSTRAINT "PK_535dd409947fb6d8fc6dfc0112a" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_deliveries_created" ON "webhook_deliveries" ("created_at") `,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_deliveries_event" ON "webhook_deliveries" ("event_id") `,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_deliveries_due" ON "webhook_deliveries" ("state", "next_attempt_at") `,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_deliveries_webhook" ON "webhook_deliveries" ("webhook_id", "id") `,
    );
    await queryRunner.query(
      `ALTER TABLE "webhooks" ADD CONSTRAINT "FK_f17cbaff252a2efbca190dbd0ff" FOREIGN KEY ("organisation_id") REFERENCES "organisations"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "FK_a0286aeb96db651efd1ae2966f2" FOREIGN KEY ("webhook_id") REFERENCES "webhooks"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "FK_27d1ee90033bdafe0ffe8f1be6f" FOREIGN KEY ("event_id") REFERENCES "events"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "webhook_deliveries" DROP CONSTRAINT "FK_27d1ee90033bdafe0ffe8f1be6f"`,
    );
    await queryRunner.query(
      `ALTER TABLE "webhook_deliveries" DROP CONSTRAINT "FK_a0286aeb96db651efd1ae2966f2"`,
    );
    await queryRunner.query(
      `ALTER TABLE "webhooks" DROP CONSTRAINT "FK_f17cbaff252a2efbca190dbd0ff"`,
    );
    await queryRunner.query(`DROP INDEX "public"."IDX_deliveries_webhook"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_deliveries_due"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_deliveries_event"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_deliveries_created"`);
    await queryRunner.query(`DROP TABLE "webhook_deliveries"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_webhooks_org"`);
    await queryRunner.query(`DROP TABLE "webhooks"`);
  }
}
