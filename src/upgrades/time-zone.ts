import { ValidationOptions, registerDecorator } from 'class-validator';

let zones: Set<string> | undefined;

/** Whether the value is an IANA time zone name known to the runtime (`UTC` included). */
export function isIanaTimeZone(value: unknown): value is string {
  zones ??= new Set([...Intl.supportedValuesOf('timeZone'), 'UTC', 'Etc/UTC']);
  return typeof value === 'string' && zones.has(value);
}

export function IsIanaTimeZone(options?: ValidationOptions) {
  return (object: object, propertyName: string) =>
    registerDecorator({
      name: 'isIanaTimeZone',
      target: object.constructor,
      propertyName,
      options: { message: `${propertyName} must be an IANA time zone name`, ...options },
      validator: { validate: isIanaTimeZone },
    });
}
