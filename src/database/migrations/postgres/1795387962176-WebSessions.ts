import { MigrationInterface, QueryRunner } from 'typeorm';

export class WebSessions1795387962176 implements MigrationInterface {
  name = 'WebSessions1795387962176';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "web_sessions" ("id" SERIAL NOT NULL, "session_hash" character varying(64) NOT NULL, "user_id" integer NOT NULL, "password_tag" character varying(16) NOT NULL, "expires_at" TIMESTAMP NOT NULL, "created_at" TIMESTAMP NOT NULL DEFAULT now(), CONSTRAINT "UQ_d9969fe75b672da955542493563" UNIQUE ("session_hash"), CONSTRAINT "PK_3ae6bbf6cb5ac95b7f617d395d3" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_099af5f73522b589358b3d1189" ON "web_sessions" ("user_id") `,
    );
    await queryRunner.query(
      `ALTER TABLE "web_sessions" ADD CONSTRAINT "FK_099af5f73522b589358b3d1189f" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "web_sessions" DROP CONSTRAINT "FK_099af5f73522b589358b3d1189f"`,
    );
    await queryRunner.query(`DROP INDEX "public"."IDX_099af5f73522b589358b3d1189"`);
    await queryRunner.query(`DROP TABLE "web_sessions"`);
  }
}
