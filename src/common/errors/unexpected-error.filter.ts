import { ArgumentsHost, Catch, ExceptionFilter, HttpException, Logger } from '@nestjs/common';
import { ThrottlerException } from '@nestjs/throttler';
import { FastifyReply, FastifyRequest } from 'fastify';
import { isDatabaseUnavailable } from '../../database/database-unavailable';
import { DatabaseUnavailableError } from './database-unavailable.error';
import { ApiErrorCode } from './api-error-code';
import { CodedError, DomainError } from './domain-error';

interface FastifyLikeError {
  code?: string;
  statusCode?: number;
}

/**
 * Turns everything that is not a domain error into a coded JSON body: malformed JSON (1032),
 * oversized bodies (1033), unknown routes (1034), rate limiting (1031), other client errors
 * (1030), an unreachable database (503 1040 with Retry-After, logged without SQL parameters) and
 * unexpected failures (1035, logged with the request id, nothing internal in the body).
 */
@Catch()
export class UnexpectedErrorFilter implements ExceptionFilter {
  private readonly logger = new Logger('UnexpectedErrorFilter');

  catch(error: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const reply = http.getResponse<FastifyReply>();
    const request = http.getRequest<FastifyRequest>();
    const coded = this.toCodedError(error);
    if (coded.code === ApiErrorCode.InternalError) {
      this.logger.error({ err: error, reqId: request.id }, 'Unexpected failure');
      coded.extra.request_id = request.id;
    } else if (coded instanceof DatabaseUnavailableError) {
      // The driver's code and message only: a failed statement's parameters may hold secrets.
      const { code, message } = error as { code?: unknown; message?: unknown };
      this.logger.warn({ reqId: request.id, code, message }, 'Database unreachable');
    }
    void reply.headers(coded.headers()).status(coded.httpStatus).send(coded.body());
  }

  toCodedError(error: unknown): CodedError {
    if (error instanceof DomainError && error instanceof CodedError) {
      return error;
    }
    if (isDatabaseUnavailable(error)) {
      return new DatabaseUnavailableError();
    }
    if (error instanceof ThrottlerException) {
      return new CodedError(ApiErrorCode.RateLimited, 'Rate limit exceeded, retry later');
    }
    if (error instanceof HttpException) {
      return this.fromStatus(error.getStatus(), error.message);
    }
    const { code, statusCode } = (error ?? {}) as FastifyLikeError;
    if (code === 'FST_ERR_CTP_INVALID_JSON_BODY' || code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
      return new CodedError(ApiErrorCode.MalformedJson, 'Malformed JSON body');
    }
    if (typeof statusCode === 'number' && statusCode >= 400 && statusCode < 500) {
      return this.fromStatus(statusCode, (error as Error).message);
    }
    return new CodedError(ApiErrorCode.InternalError, 'Internal server error');
  }

  private fromStatus(status: number, message: string): CodedError {
    switch (status) {
      case 400:
        return new CodedError(ApiErrorCode.MalformedJson, 'Malformed JSON body');
      case 404:
        return new CodedError(ApiErrorCode.RouteNotFound, 'No such route');
      case 413:
        return new CodedError(ApiErrorCode.PayloadTooLarge, 'Request body larger than 1 MiB');
      case 429:
        return new CodedError(ApiErrorCode.RateLimited, 'Rate limit exceeded, retry later');
      default:
        if (status >= 400 && status < 500) {
          return new CodedError(ApiErrorCode.InvalidParameter, message);
        }
        return new CodedError(ApiErrorCode.InternalError, 'Internal server error');
    }
  }
}
