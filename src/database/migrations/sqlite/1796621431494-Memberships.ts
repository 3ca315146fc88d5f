import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Memberships: a user's organisation and role move to a membership (nothing lost: every user gets
 * one, with its role), tokens name the organisation they act in and browser sessions the
 * membership (their user's), and invitations. users.role goes; users.organisation_id stays, the organisation the
 * account was created in. SQLite cannot drop a column that a foreign key names, and rebuilding
 * users would let the DELETE of its old table cascade into every token, session and grant.
 */
export class Memberships1796621431494 implements MigrationInterface {
  name = 'Memberships1796621431494';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "memberships" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "organisation_id" integer NOT NULL, "user_id" integer NOT NULL, "role" varchar(16) NOT NULL, "created_at" datetime NOT NULL DEFAULT (datetime('now')), CONSTRAINT "FK_55c59139e9136eb9a76ed30c6dc" FOREIGN KEY ("organisation_id") REFERENCES "organisations" ("id") ON DELETE CASCADE ON UPDATE NO ACTION, CONSTRAINT "FK_7c1e2fdfed4f6838e0c05ae5051" FOREIGN KEY ("user_id") REFERENCES "users" ("id") ON DELETE CASCADE ON UPDATE NO ACTION)`,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_55c59139e9136eb9a76ed30c6d" ON "memberships" ("organisation_id") `,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "UQ_memberships_user_organisation" ON "memberships" ("user_id", "organisation_id") `,
    );
    // every user keeps the organisation and role it had, as its first membership
    await queryRunner.query(
      `INSERT INTO "memberships"("organisation_id", "user_id", "role", "created_at") SELECT "organisation_id", "id", "role", "created_at" FROM "users" ORDER BY "id"`,
    );
    await queryRunner.query(`ALTER TABLE "users" DROP COLUMN "role"`);
    await queryRunner.query(
      `CREATE TABLE "invitations" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "organisation_id" integer NOT NULL, "email" varchar(255) NOT NULL, "role" varchar(16) NOT NULL, "token_hash" varchar(64) NOT NULL, "invited_by_id" integer NOT NULL, "created_at" datetime NOT NULL DEFAULT (datetime('now')), "expires_at" datetime NOT NULL, "accepted_at" datetime, "revoked_at" datetime, CONSTRAINT "UQ_872ac94a64b3d44fc4b554780cd" UNIQUE ("token_hash"), CONSTRAINT "FK_db8eb6da8f383cb3443217d8536" FOREIGN KEY ("organisation_id") REFERENCES "organisations" ("id") ON DELETE CASCADE ON UPDATE NO ACTION, CONSTRAINT "FK_d4de0403dd012cf87b430af70ef" FOREIGN KEY ("invited_by_id") REFERENCES "users" ("id") ON DELETE CASCADE ON UPDATE NO ACTION)`,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_d4de0403dd012cf87b430af70e" ON "invitations" ("invited_by_id") `,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_b964896a9895b8451309c88548" ON "invitations" ("organisation_id", "email") `,
    );
    // tokens and sessions act in their user's organisation
    await queryRunner.query(`DROP INDEX "IDX_09ee750a035b06e0c7f0704687"`);
    await queryRunner.query(
      `CREATE TABLE "temporary_access_tokens" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "user_id" integer NOT NULL, "name" varchar(255), "token_hash" varchar(64) NOT NULL, "expires_at" datetime, "revoked_at" datetime, "created_at" datetime NOT NULL DEFAULT (datetime('now')), "last_used_at" datetime, "organisation_id" integer NOT NULL, CONSTRAINT "UQ_9bbf8c3c1a897742f78d50e729b" UNIQUE ("token_hash"), CONSTRAINT "FK_09ee750a035b06e0c7f0704687e" FOREIGN KEY ("user_id") REFERENCES "users" ("id") ON DELETE CASCADE ON UPDATE NO ACTION, CONSTRAINT "FK_d75c8bb502de2e4e2ff135d47be" FOREIGN KEY ("organisation_id") REFERENCES "organisations" ("id") ON DELETE CASCADE ON UPDATE NO ACTION)`,
    );
    await queryRunner.query(
      `INSERT INTO "temporary_access_tokens"("id", "user_id", "name", "token_hash", "expires_at", "revoked_at", "created_at", "last_used_at", "organisation_id") SELECT "t"."id", "t"."user_id", "t"."name", "t"."token_hash", "t"."expires_at", "t"."revoked_at", "t"."created_at", "t"."last_used_at", "u"."organisation_id" FROM "access_tokens" "t" INNER JOIN "users" "u" ON "u"."id" = "t"."user_id"`,
    );
    await queryRunner.query(`DROP TABLE "access_tokens"`);
    await queryRunner.query(`ALTER TABLE "temporary_access_tokens" RENAME TO "access_tokens"`);
    await queryRunner.query(
      `CREATE INDEX "IDX_09ee750a035b06e0c7f0704687" ON "access_tokens" ("user_id") `,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_d75c8bb502de2e4e2ff135d47b" ON "access_tokens" ("organisation_id") `,
    );
    await queryRunner.query(`DROP INDEX "IDX_099af5f73522b589358b3d1189"`);
    await queryRunner.query(
      `CREATE TABLE "temporary_web_sessions" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "session_hash" varchar(64) NOT NULL, "user_id" integer NOT NULL, "password_tag" varchar(16) NOT NULL, "expires_at" datetime NOT NULL, "created_at" datetime NOT NULL DEFAULT (datetime('now')), "membership_id" integer NOT NULL, CONSTRAINT "UQ_d9969fe75b672da955542493563" UNIQUE ("session_hash"), CONSTRAINT "FK_099af5f73522b589358b3d1189f" FOREIGN KEY ("user_id") REFERENCES "users" ("id") ON DELETE CASCADE ON UPDATE NO ACTION, CONSTRAINT "FK_b29b463fd0b897be7d3bae3e830" FOREIGN KEY ("membership_id") REFERENCES "memberships" ("id") ON DELETE CASCADE ON UPDATE NO ACTION)`,
    );
    await queryRunner.query(
      `INSERT INTO "temporary_web_sessions"("id", "session_hash", "user_id", "password_tag", "expires_at", "created_at", "membership_id") SELECT "s"."id", "s"."session_hash", "s"."user_id", "s"."password_tag", "s"."expires_at", "s"."created_at", "m"."id" FROM "web_sessions" "s" INNER JOIN "users" "u" ON "u"."id" = "s"."user_id" INNER JOIN "memberships" "m" ON "m"."user_id" = "u"."id" AND "m"."organisation_id" = "u"."organisation_id"`,
    );
    await queryRunner.query(`DROP TABLE "web_sessions"`);
    await queryRunner.query(`ALTER TABLE "temporary_web_sessions" RENAME TO "web_sessions"`);
    await queryRunner.query(
      `CREATE INDEX "IDX_099af5f73522b589358b3d1189" ON "web_sessions" ("user_id") `,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_b29b463fd0b897be7d3bae3e83" ON "web_sessions" ("membership_id") `,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "IDX_099af5f73522b589358b3d1189"`);
    await queryRunner.query(`DROP INDEX "IDX_b29b463fd0b897be7d3bae3e83"`);
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
    await queryRunner.query(`DROP INDEX "IDX_09ee750a035b06e0c7f0704687"`);
    await queryRunner.query(`DROP INDEX "IDX_d75c8bb502de2e4e2ff135d47b"`);
    await queryRunner.query(
      `CREATE TABLE "temporary_access_tokens" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "user_id" integer NOT NULL, "name" varchar(255), "token_hash" varchar(64) NOT NULL, "expires_at" datetime, "revoked_at" datetime, "created_at" datetime NOT NULL DEFAULT (datetime('now')), "last_used_at" datetime, CONSTRAINT "UQ_9bbf8c3c1a897742f78d50e729b" UNIQUE ("token_hash"), CONSTRAINT "FK_09ee750a035b06e0c7f0704687e" FOREIGN KEY ("user_id") REFERENCES "users" ("id") ON DELETE CASCADE ON UPDATE NO ACTION)`,
    );
    await queryRunner.query(
      `INSERT INTO "temporary_access_tokens"("id", "user_id", "name", "token_hash", "expires_at", "revoked_at", "created_at", "last_used_at") SELECT "id", "user_id", "name", "token_hash", "expires_at", "revoked_at", "created_at", "last_used_at" FROM "access_tokens"`,
    );
    await queryRunner.query(`DROP TABLE "access_tokens"`);
    await queryRunner.query(`ALTER TABLE "temporary_access_tokens" RENAME TO "access_tokens"`);
    await queryRunner.query(
      `CREATE INDEX "IDX_09ee750a035b06e0c7f0704687" ON "access_tokens" ("user_id") `,
    );
    await queryRunner.query(`DROP INDEX "IDX_b964896a9895b8451309c88548"`);
    await queryRunner.query(`DROP INDEX "IDX_d4de0403dd012cf87b430af70e"`);
    await queryRunner.query(`DROP TABLE "invitations"`);
    await queryRunner.query(
      `ALTER TABLE "users" ADD COLUMN "role" varchar(16) NOT NULL DEFAULT ('member')`,
    );
    await queryRunner.query(
      `UPDATE "users" SET "role" = (SELECT "m"."role" FROM "memberships" "m" WHERE "m"."user_id" = "users"."id" AND "m"."organisation_id" = "users"."organisation_id")`,
    );
    await queryRunner.query(`DROP INDEX "UQ_memberships_user_organisation"`);
    await queryRunner.query(`DROP INDEX "IDX_55c59139e9136eb9a76ed30c6d"`);
    await queryRunner.query(`DROP TABLE "memberships"`);
  }
}
