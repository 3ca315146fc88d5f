import { Injectable } from '@nestjs/common';
import { AuthUser } from './auth-user';

/** The caller of a token, or null when it is unknown, expired or revoked. */
export type BearerVerifier = (token: string) => Promise<AuthUser | null>;

/** Where a request may carry its access token (CONTRACT 3), as passport-http-bearer reads it. */
interface TokenCarrier {
  headers: { authorization?: string };
  body?: unknown;
  query?: unknown;
}

/**
 * The token a request presents: `Authorization: Bearer <token>` (the scheme in any case), the
 * `access_token` body field or the `access_token` query parameter (RFC 6750, CONTRACT 3). Null
 * when there is none or the request is malformed: an Authorization header that is not two
 * words, a token in more than one place, or one that is not a string (a repeated query
 * parameter, a number or an object in the body).
 */
export function presentedBearerToken(request: TokenCarrier): string | null {
  let token: unknown;
  const header = request.headers.authorization;
  if (header) {
    const parts = header.split(' ');
    if (parts.length !== 2) {
      return null;
    }
    if (/^Bearer$/i.test(parts[0])) {
      token = parts[1];
    }
  }
  for (const source of [request.body, request.query]) {
    const given = (source as { access_token?: unknown } | null | undefined)?.access_token;
    if (given) {
      if (token) {
        return null;
      }
      token = given;
    }
  }
  return typeof token === 'string' && token !== '' ? token : null;
}

/**
 * Authenticates a request by its bearer token. The tokens belong to users/, which sits above
 * common/: UsersModule registers its lookup here at start-up (BearerStrategy), as a passport
 * strategy registers by name, without passport's per-request machinery (a strategy object, its
 * callbacks and closures on every request).
 */
@Injectable()
export class BearerAuthenticator {
  private verifier: BearerVerifier | null = null;

  register(verifier: BearerVerifier): void {
    this.verifier = verifier;
  }

  /** The caller, or null without a usable token; a failed lookup (database down) rejects. */
  async authenticate(request: TokenCarrier): Promise<AuthUser | null> {
    const token = presentedBearerToken(request);
    if (!token) {
      return null;
    }
    if (!this.verifier) {
      throw new Error('No bearer token lookup is registered (UsersModule registers it)');
    }
    return this.verifier(token);
  }
}
