import { Type } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptions } from '@nestjs/swagger';

/**
 * Short property decorators for the response classes (`dto/*.response.ts`). They spell every
 * field out, nullable and optional included, because a fuzz test validates every real answer
 * against the document.
 */
export const Int = (options: ApiPropertyOptions = {}) =>
  ApiProperty({ type: 'integer', ...options });
export const Str = (options: ApiPropertyOptions = {}) =>
  ApiProperty({ type: 'string', ...options });
export const Bool = (options: ApiPropertyOptions = {}) =>
  ApiProperty({ type: 'boolean', ...options });
/** An ISO 8601 time in UTC. */
export const DateTime = (options: ApiPropertyOptions = {}) =>
  ApiProperty({ type: 'string', format: 'date-time', ...options });
export const StrArray = (options: ApiPropertyOptions = {}) =>
  ApiProperty({ type: 'array', items: { type: 'string' }, ...options });
/** A free-form JSON object. */
export const AnyObject = (options: ApiPropertyOptions = {}) =>
  ApiProperty({ type: 'object', additionalProperties: true, ...options } as ApiPropertyOptions);
// @nestjs/swagger recognises a lazy type by its name `type`, hence `type: () => type()`.

export const ArrayOf = (type: () => Type<unknown>, options: ApiPropertyOptions = {}) =>
  ApiProperty({ type: () => type(), isArray: true, ...options });
export const Of = (type: () => Type<unknown>, options: ApiPropertyOptions = {}) =>
  ApiProperty({ type: () => type(), ...options });

/** `status: 200` of the success envelope. */
export const Status200 = () => ApiProperty({ type: 'integer', enum: [200], example: 200 });

const named = <T extends Type<unknown>>(name: string, cls: T): T => {
  Object.defineProperty(cls, 'name', { value: name });
  return cls;
};

/**
 * The data of an answer, as a schema named `name`, whose fields are declared by the property
 * decorators of `fields` in their order: `Data('AlertsData', {alerts: ArrayOf(() => Alert)})`.
 */
export function Data(name: string, fields: Record<string, PropertyDecorator>): Type<unknown> {
  class Fields {}
  for (const [field, decorate] of Object.entries(fields)) {
    decorate(Fields.prototype, field);
  }
  return named(name, Fields);
}

/** The success envelope `{data: <data>, status: 200}`, as a schema named `name`. */
export function Envelope(name: string, data: () => Type<unknown>) {
  class Body {
    @Of(data)
    data: unknown;

    @Status200()
    status: 200;
  }
  return named(name, Body);
}

/** `{msg, data: <data>, status: 200}` of the network writes. */
export function MessageEnvelope(name: string, data: () => Type<unknown>) {
  class Body {
    @Str()
    msg: string;

    @Of(data)
    data: unknown;

    @Status200()
    status: 200;
  }
  return named(name, Body);
}

/**
 * A nullable nested record, spelled inline: OpenAPI 3.0's `nullable` does not reach into an
 * `allOf: [$ref]`, so validators would refuse the null.
 */
export const NullableObject = (schema: object, options: ApiPropertyOptions = {}) =>
  ApiProperty({ ...schema, nullable: true, ...options });

/** A network as an event or an alert names it, as it was then. */
export const NETWORK_REF_SCHEMA = {
  type: 'object',
  required: ['id', 'network_name'],
  properties: { id: { type: 'integer' }, network_name: { type: 'string' } },
};

/** A device as an event or an alert names it, as it was then. */
export const DEVICE_REF_SCHEMA = {
  type: 'object',
  required: ['id', 'mac_id', 'name'],
  properties: {
    id: { type: 'integer' },
    mac_id: { type: 'string' },
    name: { type: 'string', nullable: true },
  },
};
