import {
  applyDecorators,
  ArgumentMetadata,
  CallHandler,
  ExecutionContext,
  Injectable,
  NestInterceptor,
  SetMetadata,
  UseInterceptors,
  ValidationError,
  ValidationPipe,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { Observable, catchError, throwError } from 'rxjs';
import { ApiErrorCode } from '../errors/api-error-code';
import { ValidationFailedError } from '../errors/domain-error';
import { ListTooLongError, listLimitViolation } from '../limits/list-limit';
import { findNul, nulMessage } from '../limits/nul';

/** Flattens class-validator's tree into messages that name the field path. */
export function validationMessages(errors: ValidationError[], parent = ''): string[] {
  return errors.flatMap((error) => {
    const path = parent ? `${parent}.${error.property}` : error.property;
    const own = Object.values(error.constraints ?? {}).map((m) =>
      m.startsWith(error.property) && parent ? `${parent}.${m}` : m,
    );
    return [...own, ...validationMessages(error.children ?? [], path)];
  });
}

/**
 * The one global pipe: whitelists, transforms, and fails with a ValidationFailedError. Before
 * class-validator sees a body, query or path parameter it refuses any string (or key) holding
 * the NUL character, however deeply nested (PostgreSQL cannot store it). A list
 * over the bulk limit fails with ListTooLongError (1030 whatever the operation).
 */
class AirfleetValidationPipe extends ValidationPipe {
  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    if (metadata.type === 'body' || metadata.type === 'query' || metadata.type === 'param') {
      const path = findNul(value);
      if (path !== undefined) {
        throw new ValidationFailedError([nulMessage(path, metadata.data ?? metadata.type)]);
      }
    }
    const checked = metadata.type === 'body' ? checkedList(value, metadata.metatype) : undefined;
    if (checked) {
      const rest = { ...(value as Record<string, unknown>) };
      delete rest[checked.property];
      const dto = (await super.transform(rest, metadata)) as Record<string, unknown>;
      dto[checked.property] = checked.entries;
      return dto;
    }
    return super.transform(value, metadata) as Promise<unknown>;
  }
}

/**
 * A hand-written check of a body's list of nested objects, for a list long and frequent enough
 * that class-transformer and class-validator would cost more than the rest of the request: it
 * answers the entries as instances of their class (only its fields) when the list is valid
 * under exactly the rules its decorators state, the ones on the list and any other field's
 * that reads it included; undefined when it is not (or when in doubt), and the decorators then
 * check the whole body as usual, so that an invalid body fails with the same messages.
 */
export interface ListCheck {
  property: string;
  check(list: unknown[], body: Record<string, unknown>): object[] | undefined;
}

const LIST_CHECKS = new Map<unknown, ListCheck>();

/** Registers the list check of a body class (see ListCheck). */
export function checkListByHand(type: abstract new () => object, check: ListCheck): void {
  LIST_CHECKS.set(type, check);
}

function checkedList(
  value: unknown,
  metatype: unknown,
): { property: string; entries: object[] } | undefined {
  const listCheck = LIST_CHECKS.get(metatype);
  if (
    !listCheck ||
    typeof value !== 'object' ||
    value === null ||
    Object.getPrototypeOf(value) !== Object.prototype
  ) {
    return undefined;
  }
  const body = value as Record<string, unknown>;
  const list = body[listCheck.property];
  if (!Array.isArray(list)) {
    return undefined;
  }
  const entries = listCheck.check(list, body);
  return entries && { property: listCheck.property, entries };
}

export function createValidationPipe(): ValidationPipe {
  return new AirfleetValidationPipe({
    whitelist: true,
    transform: true,
    forbidUnknownValues: false,
    exceptionFactory: (errors) => {
      const tooLong = listLimitViolation(errors);
      return tooLong === undefined
        ? new ValidationFailedError(validationMessages(errors))
        : new ListTooLongError(tooLong);
    },
  });
}

const ON_INVALID = 'airfleet:on-invalid';
interface OnInvalidOptions {
  code: ApiErrorCode;
  msg: string;
}

/**
 * Names the code and message an operation answers when its input fails validation (default
 * 1030). The interceptor that does it runs on these operations only: a global one cost every
 * request an rxjs pipe and an AsyncResource.bind for nothing.
 */
export const OnInvalid = (code: ApiErrorCode, msg: string) =>
  applyDecorators(
    SetMetadata(ON_INVALID, { code, msg } satisfies OnInvalidOptions),
    UseInterceptors(ValidationCodeInterceptor),
  );

/** Gives a validation failure the code of the operation it happened in (see OnInvalid). */
@Injectable()
export class ValidationCodeInterceptor implements NestInterceptor {
  constructor(private readonly reflector: Reflector) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const options = this.reflector.get<OnInvalidOptions | undefined>(
      ON_INVALID,
      context.getHandler(),
    );
    if (!options) {
      return next.handle();
    }
    return next
      .handle()
      .pipe(
        catchError((error: unknown) =>
          throwError(() =>
            error instanceof ValidationFailedError && error.code === ApiErrorCode.InvalidParameter
              ? error.withCode(options.code, options.msg)
              : error,
          ),
        ),
      );
  }
}
