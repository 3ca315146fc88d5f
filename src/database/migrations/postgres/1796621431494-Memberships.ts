import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Memberships: a user's organisation and role move to a membership (nothing lost: every user gets
 * one, with its role), tokens name the organisation they act in and browser sessions the
 * membership (their user's), and invitations. users.organisation_id stays: the organisation the account was
 * created in.
 */
export class Memberships1796621431494 implements MigrationInterface {
  name = 'Memberships1796621431494';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "memberships" ("id" SERIAL NOT NULL, "organisation_id" integer NOT NULL, "user_id" integer NOT NULL, "role" character varying(16) NOT NULL, "created_at" TIMESTAMP NOT NULL DEFAULT now(), CONSTRAINT "PK_25d28bd932097a9e90495ede7b4" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_55c59139e9136eb9a76ed30c6d" ON "memberships" ("organisation_id") `,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "UQ_memberships_user_organisation" ON "memberships" ("user_id", "organisation_id") `,
    );
    await queryRunner.query(
      `CREATE TABLE "invitations" ("id" SERIAL NOT NULL, "organisation_id" integer NOT NULL, "email" character varying(255) NOT NULL, "role" character varying(16) NOT NULL, "token_hash" character varying(64) NOT NULL, "invited_by_id" integer NOT NULL, "created_at" TIMESTAMP NOT NULL DEFAULT now(), "expires_at" TIMESTAMP NOT NULL, "accepted_at" TIMESTAMP, "revoked_at" TIMESTAMP, CONSTRAINT "UQ_872ac94a64b3d44fc4b554780cd" UNIQUE ("token_hash"), CONSTRAINT "PK_5dec98cfdfd562e4ad3648bbb07" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_d4de0403dd012cf87b430af70e" ON "invitations" ("invited_by_id") `,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_b964896a9895b8451309c88548" ON "invitations" ("organisation_id", "email") `,
    );
    // Every user keeps the organisation and role it had, as its first membership.
    await queryRunner.query(
      `INSERT INTO "memberships"("organisation_id", "user_id", "role", "created_at") SELECT "organisation_id", "id", "role", "created_at" FROM "users" ORDER BY "id"`,
    );
    await queryRunner.query(`ALTER TABLE "users" DROP COLUMN "role"`);
    // Tokens and sessions act in their user's organisation.
    await queryRunner.query(`ALTER TABLE "access_tokens" ADD "organisation_id" integer`);
    await queryRunner.query(`ALTER TABLE "web_sessions" ADD "membership_id" integer`);
    await queryRunner.query(
      `UPDATE "access_tokens" "t" SET "organisation_id" = "u"."organisation_id" FROM "users" "u" WHERE "u"."id" = "t"."user_id"`,
    );
    await queryRunner.query(
      `UPDATE "web_sessions" "s" SET "membership_id" = "m"."id" FROM "users" "u", "memberships" "m" WHERE "u"."id" = "s"."user_id" AND "m"."user_id" = "u"."id" AND "m"."organisation_id" = "u"."organisation_id"`,
    );
    await queryRunner.query(
      `ALTER TABLE "access_tokens" ALTER COLUMN "organisation_id" SET NOT NULL`,
    );
    await queryRunner.query(`ALTER TABLE "web_sessions" ALTER COLUMN "membership_id" SET NOT NULL`);
    await queryRunner.query(
      `CREATE INDEX "IDX_d75c8bb502de2e4e2ff135d47b" ON "access_tokens" ("organisation_id") `,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_b29b463fd0b897be7d3bae3e83" ON "web_sessions" ("membership_id") `,
    );
    await queryRunner.query(
      `ALTER TABLE "access_tokens" ADD CONSTRAINT "FK_d75c8bb502de2e4e2ff135d47be" FOREIGN KEY ("organisation_id") REFERENCES "organisations"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "memberships" ADD CONSTRAINT "FK_55c59139e9136eb9a76ed30c6dc" FOREIGN KEY ("organisation_id") REFERENCES "organisations"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "memberships" ADD CONSTRAINT "FK_7c1e2fdfed4f6838e0c05ae5051" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "web_sessions" ADD CONSTRAINT "FK_b29b463fd0b897be7d3bae3e830" FOREIGN KEY ("membership_id") REFERENCES "memberships"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "invitations" ADD CONSTRAINT "FK_db8eb6da8f383cb3443217d8536" FOREIGN KEY ("organisation_id") REFERENCES "organisations"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "invitations" ADD CONSTRAINT "FK_d4de0403dd012cf87b430af70ef" FOREIGN KEY ("invited_by_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "invitations" DROP CONSTRAINT "FK_d4de0403dd012cf87b430af70ef"`,
    );
    await queryRunner.query(
      `ALTER TABLE "invitations" DROP CONSTRAINT "FK_db8eb6da8f383cb3443217d8536"`,
    );
    await queryRunner.query(
      `ALTER TABLE "web_sessions" DROP CONSTRAINT "FK_b29b463fd0b897be7d3bae3e830"`,
    );
    await queryRunner.query(
      `ALTER TABLE "memberships" DROP CONSTRAINT "FK_7c1e2fdfed4f6838e0c05ae5051"`,
    );
    await queryRunner.query(
      `ALTER TABLE "memberships" DROP CONSTRAINT "FK_55c59139e9136eb9a76ed30c6dc"`,
    );
    await queryRunner.query(
      `ALTER TABLE "access_tokens" DROP CONSTRAINT "FK_d75c8bb502de2e4e2ff135d47be"`,
    );
    await queryRunner.query(`DROP INDEX "public"."IDX_b29b463fd0b897be7d3bae3e83"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_d75c8bb502de2e4e2ff135d47b"`);
    await queryRunner.query(`ALTER TABLE "web_sessions" DROP COLUMN "membership_id"`);
    await queryRunner.query(`ALTER TABLE "access_tokens" DROP COLUMN "organisation_id"`);
    await queryRunner.query(
      `ALTER TABLE "users" ADD "role" character varying(16) NOT NULL DEFAULT 'member'`,
    );
    await queryRunner.query(
      `UPDATE "users" "u" SET "role" = "m"."role" FROM "memberships" "m" WHERE "m"."user_id" = "u"."id" AND "m"."organisation_id" = "u"."organisation_id"`,
    );
    await queryRunner.query(`DROP INDEX "public"."IDX_b964896a9895b8451309c88548"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_d4de0403dd012cf87b430af70e"`);
    await queryRunner.query(`DROP TABLE "invitations"`);
    await queryRunner.query(`DROP INDEX "public"."UQ_memberships_user_organisation"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_55c59139e9136eb9a76ed30c6d"`);
    await queryRunner.query(`DROP TABLE "memberships"`);
  }
}
