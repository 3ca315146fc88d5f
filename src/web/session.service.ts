import { createHash, randomBytes, createHmac, timingSafeEqual } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { FastifyReply, FastifyRequest } from 'fastify';
import { AuthUser } from '../common/auth/auth-user';
import { User } from '../users/user.entity';
import { UsersRepository } from '../users/users.repository';
import { deriveKey, WEB_SECRET } from './web-secret';
import { Flash, WebSession } from './web-session';

export const SESSION_COOKIE = 'airfleet_session';
export const FLASH_COOKIE = 'airfleet_flash';
/** A signed-in session ends this long after sign-in. */
export const SESSION_TTL_SECONDS = 12 * 60 * 60;
const FLASH_TTL_SECONDS = 60;
const NONCE = /^[A-Za-z0-9_-]{22,64}$/;

/**
 * Stateless sessions in a signed cookie: `nonce` (anonymous) or `nonce.userId.issuedAt.pwTag`.
 * The signature (HMAC, @fastify/cookie) makes the value unforgeable; the server checks the age
 * (SESSION_TTL_SECONDS) and that the user still exists with the same password (pwTag is a digest
 * of the stored hash, so changing the password signs every browser out).
 */
@Injectable()
export class SessionService {
  private readonly csrfKey: Buffer;
  /** Nonces of signed-out sessions until they would have expired (this instance only). */
  private readonly signedOut = new Map<string, number>();

  constructor(
    private readonly users: UsersRepository,
    @Inject(WEB_SECRET) secret: string,
  ) {
    this.csrfKey = deriveKey(secret, 'csrf');
  }

  /** The session carried by the request's cookie, or null when it has none (or a forged one). */
  async load(request: FastifyRequest): Promise<WebSession | null> {
    const value = this.readSigned(request, SESSION_COOKIE);
    if (!value) {
      return null;
    }
    const [nonce, userId, issuedAt, pwTag] = value.split('.');
    if (!NONCE.test(nonce)) {
      return null;
    }
    const age = Date.now() / 1000 - Number(issuedAt);
    if (this.signedOut.has(nonce)) {
      return null;
    }
    if (!userId || !/^\d+$/.test(userId) || !(age >= 0 && age <= SESSION_TTL_SECONDS)) {
      return { nonce, user: null };
    }
    const user = await this.users.findById(Number(userId));
    if (!user || !user.password_hash || passwordTag(user) !== pwTag) {
      return { nonce, user: null };
    }
    return { nonce, user: toAuthUser(user) };
  }

  /** A new anonymous session (before sign-in: the login form needs a CSRF token too). */
  startAnonymous(request: FastifyRequest, reply: FastifyReply): WebSession {
    const session: WebSession = { nonce: newNonce(), user: null };
    this.writeCookie(request, reply, SESSION_COOKIE, session.nonce, undefined);
    request.webSession = session;
    return session;
  }

  /** Signs the user in under a fresh nonce (no session fixation). */
  startSignedIn(request: FastifyRequest, reply: FastifyReply, user: User): WebSession {
    const session: WebSession = { nonce: newNonce(), user: toAuthUser(user) };
    const issuedAt = Math.floor(Date.now() / 1000);
    const value = [session.nonce, user.id, issuedAt, passwordTag(user)].join('.');
    this.writeCookie(request, reply, SESSION_COOKIE, value, SESSION_TTL_SECONDS);
    request.webSession = session;
    return session;
  }

  /**
   * Signs out: clears the cookie and remembers the nonce until the session would have expired, so
   * that a copy of the cookie no longer works either (kept in memory: per instance, until restart).
   */
  end(session: WebSession | undefined, reply: FastifyReply): void {
    const now = Date.now();
    for (const [nonce, expiresAt] of this.signedOut) {
      if (expiresAt <= now) {
        this.signedOut.delete(nonce);
      }
    }
    if (session?.user) {
      this.signedOut.set(session.nonce, now + SESSION_TTL_SECONDS * 1000);
    }
    void reply.clearCookie(SESSION_COOKIE, { path: '/' });
  }

  /** The CSRF token of every form of this session (synchronizer token: HMAC of the nonce). */
  csrfToken(session: WebSession): string {
    return createHmac('sha256', this.csrfKey).update(session.nonce).digest('base64url');
  }

  csrfValid(session: WebSession | null | undefined, token: unknown): boolean {
    if (!session || typeof token !== 'string') {
      return false;
    }
    const expected = Buffer.from(this.csrfToken(session));
    const given = Buffer.from(token);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  /** A one-shot message shown by the next page rendered. */
  setFlash(request: FastifyRequest, reply: FastifyReply, flash: Flash): void {
    const value = Buffer.from(JSON.stringify(flash)).toString('base64url');
    this.writeCookie(request, reply, FLASH_COOKIE, value, FLASH_TTL_SECONDS);
  }

  /** Reads the flash message and deletes it. */
  takeFlash(request: FastifyRequest, reply: FastifyReply): Flash | null {
    if (request.cookies[FLASH_COOKIE] === undefined) {
      return null;
    }
    void reply.clearCookie(FLASH_COOKIE, { path: '/' });
    const value = this.readSigned(request, FLASH_COOKIE);
    try {
      const flash = JSON.parse(Buffer.from(value ?? '', 'base64url').toString()) as Flash;
      return typeof flash.message === 'string' &&
        (flash.kind === 'success' || flash.kind === 'error')
        ? flash
        : null;
    } catch {
      return null;
    }
  }

  private readSigned(request: FastifyRequest, name: string): string | null {
    const raw = request.cookies[name];
    if (!raw) {
      return null;
    }
    const unsigned = request.unsignCookie(raw);
    return unsigned.valid ? unsigned.value : null;
  }

  private writeCookie(
    request: FastifyRequest,
    reply: FastifyReply,
    name: string,
    value: string,
    maxAge: number | undefined,
  ): void {
    void reply.setCookie(name, value, {
      signed: true,
      httpOnly: true,
      sameSite: 'lax',
      secure: request.protocol === 'https',
      path: '/',
      maxAge,
    });
  }
}

function newNonce(): string {
  return randomBytes(24).toString('base64url');
}

function passwordTag(user: User): string {
  return createHash('sha256')
    .update(user.password_hash ?? '')
    .digest('base64url')
    .slice(0, 16);
}

export function toAuthUser(user: User): AuthUser {
  return {
    id: user.id,
    organisation_id: user.organisation_id,
    email: user.email,
    role: user.role,
    super_admin: user.super_admin,
  };
}
