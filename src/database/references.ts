import { applyDecorators } from '@nestjs/common';
import { JoinColumn, ManyToOne, ObjectType } from 'typeorm';
import { OnDeleteType } from 'typeorm/metadata/types/OnDeleteType';

/**
 * The record a column references (a foreign key from `column` to `target`'s id), and what the
 * deletion of that record does to this one. `inverse` names the referenced side's list of
 * these records, where it has one.
 */
export function References<T>(
  target: () => ObjectType<T>,
  column: string,
  onDelete: OnDeleteType,
  inverse?: (record: T) => unknown,
): PropertyDecorator {
  const relation =
    inverse === undefined
      ? ManyToOne(target, { onDelete })
      : ManyToOne(target, inverse, { onDelete });
  return applyDecorators(relation, JoinColumn({ name: column }));
}
