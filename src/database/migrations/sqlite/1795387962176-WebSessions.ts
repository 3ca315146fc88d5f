import { MigrationInterface, QueryRunner } from 'typeorm';

export class WebSessions1795387962176 implements MigrationInterface {
  name = 'WebSessions1795387962176';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "web_sessions" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "session_hash" varchar(64) NOT NULL, "user_id" integer NOT NULL, "password_tag" varchar(16) NOT NULL, "expires_at" datetime NOT NULL, "created_at" datetime NOT NULL DEFAULT (datetime('now')), CONSTRAINT "UQ_d9969fe75b672da955542493563" UNIQUE ("session_hash"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_099af5f73522b589358b3d1189" ON "web_sessions" ("user_id") `,
    );
    await queryRunner.query(`DROP INDEX "IDX_099af5f73522b589358b3d1189"`);
    await queryRunner.query(
      `CREATE TABLE "temporary_web_sessions" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "session_hash" varchar(64) NOT NULL, "user_id" integer NOT NULL, "password_tag" varchar(16) NOT NULL, "expires_at" datetime NOT NULL, "created_at" datetime NOT NULL DEFAULT (datetime('now')), CONSTRAINT "UQ_d9969fe75b672da955542493563" UNIQUE ("session_hash"), CONSTRAINT "FK_099af5f73522b589358b3d1189f" FOREIGN KEY ("user_id") REFERENCES "users" ("id") ON DELETE CASCADE ON UPDATE NO ACTION)`,
    );
    await queryRunner.query(
      `INSERT INTO "temporary_web_sessions"("id", "session_hash", "user_id", "password_tag", "expires_at", "created_at") SELECT "id", "session_hash", "user_id", "password_tag", "expires_at", "created_at" FROM "web_sessions"`,
    );
    await queryRunner.query(`DROP TABLE "web_sessions"`);
    await queryRunner.query(`ALTER TABLE "temporary_web_sessions" RENAME TO "web_sessions"`);
    await queryRunner.query(
      `CREATE INDEX "IDX_099af5f73522b589358b3d1189" ON "web_sessions" ("user_id") `,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "IDX_099af5f73522b589358b3d1189"`);
    await queryRunner.query(`ALTER TABLE "web_sessions" RENAME TO "temporary_web_sessions"`);
    await queryRunner.query(
      `CREATE TABLE "web_sessions" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "session_hash" varchar(64) NOT NULL, "user_id" integer NOT NULL, "password_tag" varchar(16) NOT NULL, "expires_at" datetime NOT NULL, "created_at" datetime NOT NULL DEFAULT (datetime('now')), CONSTRAINT "UQ_d9969fe75b672da955542493563" UNIQUE ("session_hash"))`,
    );
    await queryRunner.query(
      `INSERT INTO "web_sessions"("id", "session_hash", "user_id", "password_tag", "expires_at", "created_at") SELECT "id", "session_hash", "user_id", "password_tag", "expires_at", "created_at" FROM "temporary_web_sessions"`,
    );
    await queryRunner.query(`DROP TABLE "temporary_web_sessions"`);
    await queryRunner.query(
      `CREATE INDEX "IDX_099af5f73522b589358b3d1189" ON "web_sessions" ("user_id") `,
    );
    await queryRunner.query(`DROP INDEX "IDX_099af5f73522b589358b3d1189"`);
    await queryRunner.query(`DROP TABLE "web_sessions"`);
  }
}
