import { MigrationInterface, QueryRunner } from 'typeorm';

export class Events1795798823324 implements MigrationInterface {
  name = 'Events1795798823324';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "events" ("id" SERIAL NOT NULL, "organisation_id" integer NOT NULL, "type" character varying(64) NOT NULL, "occurred_at" TIMESTAMP NOT NULL, "network_id" integer, "network_name" character varying(255), "device_id" integer, "device_mac" character varying(17), "device_name" character varying(255), "actor" text NOT NULL, "data" text NOT NULL, CONSTRAINT "PK_40731c7151fe4be3116e45ddf73" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_events_occurred" ON "events" ("occurred_at") `);
    await queryRunner.query(
      `CREATE INDEX "IDX_events_org_network" ON "events" ("organisation_id", "network_id", "id") `,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_events_org_device" ON "events" ("organisation_id", "device_id", "id") `,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_events_org_id" ON "events" ("organisation_id", "id") `,
    );
    await queryRunner.query(`ALTER TABLE "heartbeats" ADD "up" boolean NOT NULL DEFAULT false`);
    await queryRunner.query(`ALTER TABLE "heartbeats" ADD "silent_since" TIMESTAMP`);
    await queryRunner.query(
      `CREATE INDEX "IDX_heartbeats_up_received" ON "heartbeats" ("received_at") WHERE "up" = true`,
    );
    // Every device already heard from is recorded UP: the DOWN sweep then records, for each
    // one whose last heartbeat is older than the timeout, its device.down at the right time.
    await queryRunner.query(`UPDATE "heartbeats" SET "up" = true`);
    await queryRunner.query(
      `ALTER TABLE "events" ADD CONSTRAINT "FK_6834b49cf67e4331b0a17212daf" FOREIGN KEY ("organisation_id") REFERENCES "organisations"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "events" DROP CONSTRAINT "FK_6834b49cf67e4331b0a17212daf"`,
    );
    await queryRunner.query(`DROP INDEX "public"."IDX_heartbeats_up_received"`);
    await queryRunner.query(`ALTER TABLE "heartbeats" DROP COLUMN "silent_since"`);
    await queryRunner.query(`ALTER TABLE "heartbeats" DROP COLUMN "up"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_events_org_id"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_events_org_device"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_events_org_network"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_events_occurred"`);
    await queryRunner.query(`DROP TABLE "events"`);
  }
}
