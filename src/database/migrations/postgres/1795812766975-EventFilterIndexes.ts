import { MigrationInterface, QueryRunner } from 'typeorm';

export class EventFilterIndexes1795812766975 implements MigrationInterface {
  name = 'EventFilterIndexes1795812766975';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE INDEX "IDX_events_org_mac" ON "events" ("organisation_id", "device_mac", "id") `,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_events_org_type" ON "events" ("organisation_id", "type", "id") `,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."IDX_events_org_type"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_events_org_mac"`);
  }
}
