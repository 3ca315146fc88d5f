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
  const { metadata, columns, values } = recordsOf(manager, target, properties, rows);
  const names = columns.map(([name]) => `"${name}"`).join(', ');
  const selected = columns.map(([name]) => `t."${name}"`).join(', ');
  await manager.query(
    `INSERT INTO "${metadata.tableName}" (${names})
     SELECT ${selected} FROM ${dialect.recordsTable(1, columns)} ORDER BY t.ordinal`,
    dialect.recordsValues(values, columns.length),
  );
}

/**
 * Updates the organisation's rows of an entity in ONE statement whatever their number: each row
 * of `rows` holds the `id` then the values of `properties`, in that order, travelling as
 * insertRecords' do (UPDATE … FROM the table of the rows, both databases). A row whose id is not
 * the organisation's changes nothing.
 */
export async function updateRecords<T extends ObjectLiteral>(
  manager: EntityManager,
  dialect: Dialect,
  target: EntityTarget<T>,
  orgId: number,
  properties: readonly (keyof T & string)[],
  rows: readonly (readonly unknown[])[],
): Promise<void> {
  if (rows.length === 0) {
    return;
  }
  const keyed = ['id', ...properties] as (keyof T & string)[];
  const { metadata, columns, values } = recordsOf(manager, target, keyed, rows);
  const parameters = dialect.recordsValues(values, columns.length);
  const set = columns
    .slice(1)
    .map(([name]) => `"${name}" = t."${name}"`)
    .join(', ');
  await manager.query(
    `UPDATE "${metadata.tableName}" AS r SET ${set}
     FROM ${dialect.recordsTable(1, columns)}
     WHERE r."id" = t."id" AND r."organisation_id" = ${dialect.placeholder(parameters.length + 1)}`,
    [...parameters, orgId],
  );
}

/** The table's columns (name, database type) of these properties and the rows' stored values. */
function recordsOf<T extends ObjectLiteral>(
  manager: EntityManager,
  target: EntityTarget<T>,
  properties: readonly (keyof T & string)[],
  rows: readonly (readonly unknown[])[],
) {
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
  return { metadata, columns, values };
}
