import { EntityManager, EntityTarget, ObjectLiteral } from 'typeorm';
import { Dialect } from './dialect';
import { persistedValue } from './persisted-value';

/**
 * Inserts `rows` of an entity (each the values of `properties`, in that order) in ONE statement
 * whatever their number: the values travel in a constant number of parameters (Dialect's
 * recordsValues: an array per column on PostgreSQL, one JSON text on SQLite) in the form TypeORM
 * stores them (persistedValue), and the rows are inserted in the order given, so that ids drawn
 * from a sequence ascend with it. Runs where `manager` runs (in its transaction, if any).
 */
export async function insertRecords<T extends ObjectLiteral>(
  manager: EntityManager,
  dialect: Dialect,
  target: EntityTarget<T>,
  properties: readonly (keyof T & string)[],
  rows: readonly (readonly unknown[])[],
): Promise<void> {
  if (rows.length === 0) {
    return;
  }
  const metadata = manager.connection.getMetadata(target);
  const columns = properties.map((property) => {
    const column = metadata.findColumnWithPropertyName(property);
    if (!column) {
      throw new Error(`${metadata.name} has no column ${property}`);
    }
    return [column.databaseName, manager.connection.driver.normalizeType(column)] as const;
  });
  const values = rows.map((row) =>
    properties.map((property, i) => persistedValue(manager, target, property, row[i])),
  );
  const names = columns.map(([name]) => `"${name}"`).join(', ');
  const selected = columns.map(([name]) => `t."${name}"`).join(', ');
  await manager.query(
    `INSERT INTO "${metadata.tableName}" (${names})
     SELECT ${selected} FROM ${dialect.recordsTable(1, columns)} ORDER BY t.ordinal`,
    dialect.recordsValues(values, columns.length),
  );
}
