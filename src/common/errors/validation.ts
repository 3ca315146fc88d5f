import {
  CallHandler,
  ExecutionContext,
  Injectable,
  NestInterceptor,
  SetMetadata,
  ValidationError,
  ValidationPipe,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { Observable, catchError, throwError } from 'rxjs';
import { ApiErrorCode } from './api-error-code';
import { ValidationFailedError } from './domain-error';

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

/** The one global pipe: whitelists, transforms, and fails with a ValidationFailedError. */
export function createValidationPipe(): ValidationPipe {
  return new ValidationPipe({
    whitelist: true,
    transform: true,
    forbidUnknownValues: false,
    exceptionFactory: (errors) => new ValidationFailedError(validationMessages(errors)),
  });
}

const ON_INVALID = 'airfleet:on-invalid';
interface OnInvalidOptions {
  code: ApiErrorCode;
  msg: string;
}

/** Names the code and message an operation answers when its input fails validation (default 1030). */
export const OnInvalid = (code: ApiErrorCode, msg: string) =>
  SetMetadata(ON_INVALID, { code, msg } satisfies OnInvalidOptions);

/** Gives a validation failure the code of the operation it happened in. */
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
