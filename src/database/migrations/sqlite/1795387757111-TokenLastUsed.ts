import { MigrationInterface, QueryRunner } from 'typeorm';

export class TokenLastUsed1795387757111 implements MigrationInterface {
  name = 'TokenLastUsed1795387757111';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "IDX_09ee750a035b06e0c7f0704687"`);
    await queryRunner.query(
      `CREATE TABLE "temporary_access_tokens" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "user_id" integer NOT NULL, "name" varchar(255), "token_hash" varchar(64) NOT NULL, "expires_at" datetime, "revoked_at" datetime, "created_at" datetime NOT NULL DEFAULT (datetime('now')), "last_used_at" datetime, CONSTRAINT "UQ_9bbf8c3c1a897742f78d50e729b" UNIQUE ("token_hash"), CONSTRAINT "FK_09ee750a035b06e0c7f0704687e" FOREIGN KEY ("user_id") REFERENCES "users" ("id") ON DELETE CASCADE ON UPDATE NO ACTION)`,
    );
    await queryRunner.query(
      `INSERT INTO "temporary_access_tokens"("id", "user_id", "name", "token_hash", "expires_at", "revoked_at", "created_at") SELECT "id", "user_id", "name", "token_hash", "expires_at", "revoked_at", "created_at" FROM "access_tokens"`,
    );
    await queryRunner.query(`DROP TABLE "access_tokens"`);
    await queryRunner.query(`ALTER TABLE "temporary_access_tokens" RENAME TO "access_tokens"`);
    await queryRunner.query(
      `CREATE INDEX "IDX_09ee750a035b06e0c7f0704687" ON "access_tokens" ("user_id") `,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "IDX_09ee750a035b06e0c7f0704687"`);
    await queryRunner.query(`ALTER TABLE "access_tokens" RENAME TO "temporary_access_tokens"`);
    await queryRunner.query(
      `CREATE TABLE "access_tokens" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "user_id" integer NOT NULL, "name" varchar(255), "token_hash" varchar(64) NOT NULL, "expires_at" datetime, "revoked_at" datetime, "created_at" datetime NOT NULL DEFAULT (datetime('now')), CONSTRAINT "UQ_9bbf8c3c1a897742f78d50e729b" UNIQUE ("token_hash"), CONSTRAINT "FK_09ee750a035b06e0c7f0704687e" FOREIGN KEY ("user_id") REFERENCES "users" ("id") ON DELETE CASCADE ON UPDATE NO ACTION)`,
    );
    await queryRunner.query(
      `INSERT INTO "access_tokens"("id", "user_id", "name", "token_hash", "expires_at", "revoked_at", "created_at") SELECT "id", "user_id", "name", "token_hash", "expires_at", "revoked_at", "created_at" FROM "temporary_access_tokens"`,
    );
    await queryRunner.query(`DROP TABLE "temporary_access_tokens"`);
    await queryRunner.query(
      `CREATE INDEX "IDX_09ee750a035b06e0c7f0704687" ON "access_tokens" ("user_id") `,
    );
  }
}
