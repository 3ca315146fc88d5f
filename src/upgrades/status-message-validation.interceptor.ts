import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import { Observable, catchError, throwError } from 'rxjs';
import { ValidationFailedError } from '../common/errors';
import { ListTooLongError } from '../common/limits/list-limit';
import { invalidUpgrade, tooManyTargets } from './upgrades.errors';

/**
 * Upgrade operations answer every error as `{message, status}`, so a failed DTO
 * validation (which the global pipe reports as `{msg, error_code: 1030, errors}`) becomes
 * 422 `{message: "<comma-joined messages>", status: 422}` on the controllers that use this.
 */
@Injectable()
export class StatusMessageValidationInterceptor implements NestInterceptor {
  intercept(_context: ExecutionContext, next: CallHandler): Observable<unknown> {
    return next
      .handle()
      .pipe(
        catchError((error: unknown) =>
          throwError(() =>
            error instanceof ValidationFailedError
              ? invalidUpgrade(error.messages)
              : error instanceof ListTooLongError
                ? tooManyTargets(error.field.replace(/^upgrade\./, ''))
                : error,
          ),
        ),
      );
  }
}
