import { MigrationInterface, QueryRunner } from 'typeorm';
import { serialiseWebhookUrls } from '../webhook-urls';

/** Stored webhook URLs in the form the API stores them since (webhook-urls.ts). */
export class SerialiseWebhookUrls1796162265212 implements MigrationInterface {
  name = 'SerialiseWebhookUrls1796162265212';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await serialiseWebhookUrls(queryRunner, 'UPDATE "webhooks" SET "url" = ? WHERE "id" = ?');
  }

  /** The URLs as they were sent are not kept; each rewritten one names the same resource. */
  public async down(): Promise<void> {}
}
