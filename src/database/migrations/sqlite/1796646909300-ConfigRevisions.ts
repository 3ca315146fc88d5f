import { MigrationInterface, QueryRunner } from 'typeorm';
import { backfillConfigRevisions } from '../config-revisions';

export class ConfigRevisions1796646909300 implements MigrationInterface {
  name = 'ConfigRevisions1796646909300';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "IDX_e9fc960876218f41cd57d4c956"`);
    await queryRunner.query(`DROP INDEX "IDX_2f32c68549300cb7b711ec86e5"`);
    await queryRunner.query(`DROP INDEX "IDX_devices_org_network"`);
    await queryRunner.query(`DROP INDEX "IDX_devices_org_id"`);
    await queryRunner.query(
      `CREATE TABLE "temporary_devices" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "mac_id" varchar(17) NOT NULL, "serial" varchar(255), "organisation_id" integer NOT NULL, "location_network_id" integer, "name" varchar(255), "hardware_part_id" integer, "created_at" datetime NOT NULL DEFAULT (datetime('now')), "updated_at" datetime NOT NULL DEFAULT (datetime('now')), "label" varchar(64), "config_revision" varchar(64), CONSTRAINT "UQ_a753b231d672776f5eac03dc3a4" UNIQUE ("mac_id"), CONSTRAINT "FK_b69b89cb6f6b8b60038f5bc7ae3" FOREIGN KEY ("organisation_id") REFERENCES "organisations" ("id") ON DELETE CASCADE ON UPDATE NO ACTION, CONSTRAINT "FK_e9fc960876218f41cd57d4c9562" FOREIGN KEY ("location_network_id") REFERENCES "location_networks" ("id") ON DELETE RESTRICT ON UPDATE NO ACTION, CONSTRAINT "FK_2f32c68549300cb7b711ec86e55" FOREIGN KEY ("hardware_part_id") REFERENCES "hardware_parts" ("id") ON DELETE RESTRICT ON UPDATE NO ACTION)`,
    );
    await queryRunner.query(
      `INSERT INTO "temporary_devices"("id", "mac_id", "serial", "organisation_id", "location_network_id", "name", "hardware_part_id", "created_at", "updated_at", "label") SELECT "id", "mac_id", "serial", "organisation_id", "location_network_id", "name", "hardware_part_id", "created_at", "updated_at", "label" FROM "devices"`,
    );
    await queryRunner.query(`DROP TABLE "devices"`);
    await queryRunner.query(`ALTER TABLE "temporary_devices" RENAME TO "devices"`);
    await queryRunner.query(
      `CREATE INDEX "IDX_e9fc960876218f41cd57d4c956" ON "devices" ("location_network_id") `,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_2f32c68549300cb7b711ec86e5" ON "devices" ("hardware_part_id") `,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_devices_org_network" ON "devices" ("organisation_id", "location_network_id") `,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_devices_org_id" ON "devices" ("organisation_id", "id") `,
    );
    // Every existing device gets the revision of the configuration it receives now.
    await backfillConfigRevisions(queryRunner, () => '?');
    await queryRunner.query(
      `CREATE INDEX "IDX_devices_org_network_revision" ON "devices" ("organisation_id", "location_network_id", "config_revision") `,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "IDX_devices_org_network_revision"`);
    await queryRunner.query(`DROP INDEX "IDX_devices_org_id"`);
    await queryRunner.query(`DROP INDEX "IDX_devices_org_network"`);
    await queryRunner.query(`DROP INDEX "IDX_2f32c68549300cb7b711ec86e5"`);
    await queryRunner.query(`DROP INDEX "IDX_e9fc960876218f41cd57d4c956"`);
    await queryRunner.query(`ALTER TABLE "devices" RENAME TO "temporary_devices"`);
    await queryRunner.query(
      `CREATE TABLE "devices" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "mac_id" varchar(17) NOT NULL, "serial" varchar(255), "organisation_id" integer NOT NULL, "location_network_id" integer, "name" varchar(255), "hardware_part_id" integer, "created_at" datetime NOT NULL DEFAULT (datetime('now')), "updated_at" datetime NOT NULL DEFAULT (datetime('now')), "label" varchar(64), CONSTRAINT "UQ_a753b231d672776f5eac03dc3a4" UNIQUE ("mac_id"), CONSTRAINT "FK_b69b89cb6f6b8b60038f5bc7ae3" FOREIGN KEY ("organisation_id") REFERENCES "organisations" ("id") ON DELETE CASCADE ON UPDATE NO ACTION, CONSTRAINT "FK_e9fc960876218f41cd57d4c9562" FOREIGN KEY ("location_network_id") REFERENCES "location_networks" ("id") ON DELETE RESTRICT ON UPDATE NO ACTION, CONSTRAINT "FK_2f32c68549300cb7b711ec86e55" FOREIGN KEY ("hardware_part_id") REFERENCES "hardware_parts" ("id") ON DELETE RESTRICT ON UPDATE NO ACTION)`,
    );
    await queryRunner.query(
      `INSERT INTO "devices"("id", "mac_id", "serial", "organisation_id", "location_network_id", "name", "hardware_part_id", "created_at", "updated_at", "label") SELECT "id", "mac_id", "serial", "organisation_id", "location_network_id", "name", "hardware_part_id", "created_at", "updated_at", "label" FROM "temporary_devices"`,
    );
    await queryRunner.query(`DROP TABLE "temporary_devices"`);
    await queryRunner.query(
      `CREATE INDEX "IDX_devices_org_id" ON "devices" ("organisation_id", "id") `,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_devices_org_network" ON "devices" ("organisation_id", "location_network_id") `,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_2f32c68549300cb7b711ec86e5" ON "devices" ("hardware_part_id") `,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_e9fc960876218f41cd57d4c956" ON "devices" ("location_network_id") `,
    );
  }
}
