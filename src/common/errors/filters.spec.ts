import {
  ArgumentsHost,
  BadRequestException,
  NotFoundException,
  PayloadTooLargeException,
} from '@nestjs/common';
import { ThrottlerException } from '@nestjs/throttler';
import { ApiErrorCode } from './api-error-code';
import {
  CodedError,
  MessageError,
  PlainMsgError,
  StatusMessageError,
  UnauthenticatedError,
  ValidationFailedError,
} from './domain-error';
import { DomainErrorFilter } from './domain-error.filter';
import { UnexpectedErrorFilter } from './unexpected-error.filter';

function fakeHost() {
  const reply = {
    statusCode: 0,
    sent: undefined as unknown,
    headerValues: {} as Record<string, string>,
    headers(values: Record<string, string>) {
      Object.assign(this.headerValues, values);
      return this;
    },
    status(code: number) {
      this.statusCode = code;
      return this;
    },
    send(body: unknown) {
      this.sent = body;
      return this;
    },
  };
  const request = { id: 'req-42' };
  const host = {
    switchToHttp: () => ({ getResponse: () => reply, getRequest: () => request }),
  } as unknown as ArgumentsHost;
  return { host, reply };
}

describe('DomainErrorFilter', () => {
  const filter = new DomainErrorFilter();

  it.each([
    [
      new CodedError(ApiErrorCode.NetworkNotFound, 'Network not found'),
      404,
      { msg: 'Network not found', error_code: 1001 },
    ],
    [
      new CodedError(ApiErrorCode.NetworkHasDevices, 'has devices', { data: { id: 1 } }),
      422,
      { msg: 'has devices', error_code: 1008, data: { id: 1 } },
    ],
    [
      new ValidationFailedError(
        ['a is bad', 'b is bad'],
        ApiErrorCode.NetworkSaveFailed,
        'not saved',
      ),
      422,
      { msg: 'not saved', error_code: 1004, errors: 'a is bad, b is bad' },
    ],
    [new PlainMsgError(422, 'No device found'), 422, { msg: 'No device found' }],
    [new MessageError(404, 'Network not found'), 404, { message: 'Network not found' }],
    [
      new StatusMessageError(422, 'Upgrade is not pending'),
      422,
      { message: 'Upgrade is not pending', status: 422 },
    ],
    [
      new PlainMsgError(422, 'not applied to AA', { status: 1016 }),
      422,
      { msg: 'not applied to AA', status: 1016 },
    ],
  ])('writes %p with its status and exact body', (error, status, body) => {
    const { host, reply } = fakeHost();
    filter.catch(error, host);
    expect(reply.statusCode).toBe(status);
    expect(reply.sent).toEqual(body);
  });

  it('adds WWW-Authenticate: Bearer to 401 1028', () => {
    const { host, reply } = fakeHost();
    filter.catch(new UnauthenticatedError(), host);
    expect(reply.statusCode).toBe(401);
    expect(reply.headerValues).toEqual({ 'WWW-Authenticate': 'Bearer' });
    expect(reply.sent).toEqual({ msg: expect.any(String), error_code: 1028 });
  });
});

describe('UnexpectedErrorFilter', () => {
  const filter = new UnexpectedErrorFilter();
  const run = (error: unknown) => {
    const { host, reply } = fakeHost();
    filter.catch(error, host);
    return reply;
  };

  it('answers 400 1032 for malformed JSON', () => {
    const reply = run(
      Object.assign(new Error('bad json'), {
        code: 'FST_ERR_CTP_INVALID_JSON_BODY',
        statusCode: 400,
      }),
    );
    expect(reply.statusCode).toBe(400);
    expect(reply.sent).toEqual({ msg: 'Malformed JSON body', error_code: 1032 });
  });

  it('answers 413 1033 for a body over the limit', () => {
    const reply = run(new PayloadTooLargeException());
    expect(reply.statusCode).toBe(413);
    expect(reply.sent).toEqual({ msg: 'Request body larger than 1 MiB', error_code: 1033 });
  });

  it("answers 413 1033 for Fastify's body-too-large error", () => {
    const reply = run(
      Object.assign(new Error('too large'), {
        code: 'FST_ERR_CTP_BODY_TOO_LARGE',
        statusCode: 413,
      }),
    );
    expect(reply.statusCode).toBe(413);
    expect(reply.sent).toEqual({ msg: 'Request body larger than 1 MiB', error_code: 1033 });
  });

  it('answers 404 1034 for an unknown route', () => {
    const reply = run(new NotFoundException('Cannot GET /nowhere'));
    expect(reply.statusCode).toBe(404);
    expect(reply.sent).toEqual({ msg: 'No such route', error_code: 1034 });
  });

  it('answers 429 1031 when rate limited', () => {
    const reply = run(new ThrottlerException());
    expect(reply.statusCode).toBe(429);
    expect(reply.sent).toEqual({ msg: 'Rate limit exceeded, retry later', error_code: 1031 });
  });

  it('answers 400 1032 for another bad request', () => {
    expect(run(new BadRequestException('x')).sent).toEqual({
      msg: 'Malformed JSON body',
      error_code: 1032,
    });
  });

  it('answers 500 1035 with the request id and nothing internal for an unexpected failure', () => {
    const error = new Error('SELECT * FROM secrets failed at /src/x.ts:1');
    const reply = run(error);
    expect(reply.statusCode).toBe(500);
    expect(reply.sent).toEqual({
      msg: 'Internal server error',
      error_code: 1035,
      request_id: 'req-42',
    });
    expect(JSON.stringify(reply.sent)).not.toContain('SELECT');
  });
});
