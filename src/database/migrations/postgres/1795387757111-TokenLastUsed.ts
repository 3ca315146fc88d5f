import { MigrationInterface, QueryRunner } from 'typeorm';

export class TokenLastUsed1795387757111 implements MigrationInterface {
  name = 'TokenLastUsed1795387757111';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "access_tokens" ADD "last_used_at" TIMESTAMP`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "access_tokens" DROP COLUMN "last_used_at"`);
  }
}
