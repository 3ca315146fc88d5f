import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Trigram indexes on what the client search compares (the MAC's 12 hex digits, the host name
 * and the address, in the exact expressions of ClientReadsRepository), so that a part of one
 * is found without reading every session. PostgreSQL only: SQLite keeps its scan.
 */
export class ClientSearchIndexes1796651065538 implements MigrationInterface {
  name = 'ClientSearchIndexes1796651065538';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE EXTENSION IF NOT EXISTS pg_trgm`);
    await queryRunner.query(
      `CREATE INDEX "IDX_client_sessions_search_mac" ON "client_sessions" USING gin ((REPLACE("client_mac", ':', '')) gin_trgm_ops)`,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_client_sessions_search_hostname" ON "client_sessions" USING gin ((LOWER(COALESCE("hostname", ''))) gin_trgm_ops)`,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_client_sessions_search_ip" ON "client_sessions" USING gin ((LOWER(COALESCE("ip", ''))) gin_trgm_ops)`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."IDX_client_sessions_search_ip"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_client_sessions_search_hostname"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_client_sessions_search_mac"`);
    // The extension stays: it may have been there before, and dropping it is no schema change.
  }
}
