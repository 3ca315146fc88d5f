import { EntityManager, EntityTarget, ObjectLiteral } from 'typeorm';

/**
 * A value in the form TypeORM stores for an entity's column (dates and booleans differ by
 * driver: SQLite keeps dates as text), for raw statements that bypass the entity manager.
 */
export function persistedValue<T extends ObjectLiteral>(
  manager: EntityManager,
  target: EntityTarget<T>,
  property: keyof T,
  value: unknown,
): unknown {
  const column = manager.connection
    .getMetadata(target)
    .findColumnWithPropertyName(String(property));
  if (!column || value === null || value === undefined) {
    return value ?? null;
  }
  return manager.connection.driver.preparePersistentValue(value, column);
}

/**
 * A column's value as TypeORM would hydrate it from the raw value a statement returned (a
 * SQLite date text becomes a Date), for raw reads that bypass the entity manager.
 */
export function hydratedValue<T extends ObjectLiteral>(
  manager: EntityManager,
  target: EntityTarget<T>,
  property: keyof T,
  raw: unknown,
): unknown {
  const column = manager.connection
    .getMetadata(target)
    .findColumnWithPropertyName(String(property));
  if (!column || raw === null || raw === undefined) {
    return raw ?? null;
  }
  return manager.connection.driver.prepareHydratedValue(raw, column);
}

/**
 * An entity column's value as a raw statement binds it: the stored form (`persistedValue`) and
 * the column's database type, read from the entity's metadata, so that a parameter can be cast
 * where the database cannot infer its type (an INSERT … SELECT) with no table of types kept by hand.
 */
export function persistedColumn<T extends ObjectLiteral>(
  manager: EntityManager,
  target: EntityTarget<T>,
  property: keyof T,
  value: unknown,
): { value: unknown; type: string } {
  const column = manager.connection
    .getMetadata(target)
    .findColumnWithPropertyName(String(property));
  if (!column) {
    throw new Error(`No column ${String(property)}`);
  }
  return {
    value: persistedValue(manager, target, property, value),
    type: manager.connection.driver.normalizeType(column),
  };
}
