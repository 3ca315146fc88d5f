import { Injectable } from '@nestjs/common';
import { TransactionalRepository } from '../database/transactional-repository';
import { SqlBuilder } from '../database/dialect';
import { Organisation } from './organisation.entity';

/** Organisations are the tenants themselves, so this repository is the one not scoped by one. */
@Injectable()
export class OrganisationsRepository extends TransactionalRepository {
  private get repository() {
    return this.manager.getRepository(Organisation);
  }

  findById(id: number): Promise<Organisation | null> {
    return this.repository.findOneBy({ id });
  }

  findByName(name: string): Promise<Organisation | null> {
    return this.repository.findOneBy({ name });
  }

  create(name: string, allowedDeviceCount: number): Promise<Organisation> {
    return this.repository.save(
      this.repository.create({ name, allowed_device_count: allowedDeviceCount }),
    );
  }

  count(): Promise<number> {
    return this.repository.count();
  }

  /** The organisation's kept device count (organisations.device_count); 0 when it does not exist. */
  async deviceCount(id: number): Promise<number> {
    const sql = new SqlBuilder(this.dialect);
    const rows: { device_count: number | string }[] = await this.manager.query(
      `SELECT "device_count" FROM "organisations" WHERE "id" = ${sql.param(id)}`,
      sql.params,
    );
    return Number(rows[0]?.device_count ?? 0);
  }

  /**
   * Adds `delta` to the organisation's kept device count in one relative UPDATE (concurrent
   * writers never lose one another's change). Written by devices/ only, in the transaction of
   * the device write; `updated_at` stays: the count is not a change of the organisation.
   */
  async addDevices(id: number, delta: number): Promise<void> {
    const sql = new SqlBuilder(this.dialect);
    await this.manager.query(
      `UPDATE "organisations" SET "device_count" = "device_count" + ${sql.param(delta)} WHERE "id" = ${sql.param(id)}`,
      sql.params,
    );
  }

  /**
   * Reads the organisation and, where the database locks rows (PostgreSQL), locks its row until
   * the transaction ends, so that concurrent requests that check the allowed device count run one
   * after another (on SQLite, UnitOfWork already runs them one after another).
   */
  async lockForUpdate(id: number): Promise<Organisation> {
    const query = this.repository.createQueryBuilder('o').where('o.id = :id', { id });
    return this.dialect.lockForUpdate(query).getOneOrFail();
  }
}
