import { MigrationInterface, QueryRunner } from 'typeorm';

export class AlertEmails1795821616063 implements MigrationInterface {
  name = 'AlertEmails1795821616063';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "alert_emails" ("id" SERIAL NOT NULL, "organisation_id" integer NOT NULL, "alert_id" integer NOT NULL, "kind" character varying(16) NOT NULL, "recipients" text NOT NULL, "subject" text NOT NULL, "text_body" text NOT NULL, "state" character varying(16) NOT NULL, "attempts" integer NOT NULL DEFAULT '0', "next_attempt_at" TIMESTAMP, "lease_until" TIMESTAMP, "lease_token" character varying(36), "last_attempt_at" TIMESTAMP, "last_error" character varying(255), "created_at" TIMESTAMP NOT NULL DEFAULT now(), CONSTRAINT "PK_1cb58bff7334970a12c83dd548c" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_alert_emails_created" ON "alert_emails" ("created_at") `,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_alert_emails_due" ON "alert_emails" ("state", "next_attempt_at") `,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_alert_emails_org" ON "alert_emails" ("organisation_id", "id") `,
    );
    await queryRunner.query(
      `ALTER TABLE "alert_emails" ADD CONSTRAINT "FK_5d049541451b24ba703e309f870" FOREIGN KEY ("organisation_id") REFERENCES "organisations"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "alert_emails" DROP CONSTRAINT "FK_5d049541451b24ba703e309f870"`,
    );
    await queryRunner.query(`DROP INDEX "public"."IDX_alert_emails_org"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_alert_emails_due"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_alert_emails_created"`);
    await queryRunner.query(`DROP TABLE "alert_emails"`);
  }
}
