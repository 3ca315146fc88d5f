import { createHash, randomBytes, createHmac, timingSafeEqual } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { FastifyReply, FastifyRequest } from 'fastify';
import { User } from '../users/user.entity';
import { hashToken } from '../common/identity/token-secret';
import { userView } from '../users/user.view';
import { Membership } from '../users/membership.entity';
import { MembershipsRepository } from '../users/memberships.repository';
import { BrowserSessionsRepository } from './browser-sessions.repository';
import { deriveKey, WEB_SECRET } from './web-secret';
import { Flash, WebSession } from './web-session';

export const SESSION_COOKIE = 'airfleet_session';
export const FLASH_COOKIE = 'airfleet_flash';
/** A signed-in session ends this long after sign-in. */
export const SESSION_TTL_SECONDS = 12 * 60 * 60;
const FLASH_TTL_SECONDS = 60;
const NONCE = /^[A-Za-z0-9_-]{22,64}$/;

/** The cookie value of a signed-in session starts with this; an anonymous one is a bare nonce. */
const SIGNED_IN_PREFIX = 's.';

/**
 * Browser sessions in a signed cookie (HMAC, @fastify/cookie). An anonymous session (the login
 * form) is a bare random nonce that lives only in the cookie. A signed-in session is
 * `s.<secret>`: a random secret whose SHA-256 hash is a row of web_sessions, so that
 * sign-out deletes it for every instance and across restarts. The row also fixes the expiry
 * (SESSION_TTL_SECONDS) and a digest of the user's password hash: changing the password signs
 * every browser out. The secret doubles as the nonce that CSRF tokens are bound to.
 */
@Injectable()
export class SessionService {
  private readonly csrfKey: Buffer;

  constructor(
    private readonly sessions: BrowserSessionsRepository,
    private readonly memberships: MembershipsRepository,
    @Inject(WEB_SECRET) secret: string,
  ) {
    this.csrfKey = deriveKey(secret, 'csrf');
  }

  /** The session carried by the request's cookie, or null when it has none (or a dead one). */
  async load(request: FastifyRequest): Promise<WebSession | null> {
    const value = this.readSigned(request, SESSION_COOKIE);
    if (!value) {
      return null;
    }
    if (!value.startsWith(SIGNED_IN_PREFIX)) {
      return NONCE.test(value) ? { nonce: value, user: null } : null;
    }
    const secret = value.slice(SIGNED_IN_PREFIX.length);
    if (!NONCE.test(secret)) {
      return null;
    }
    const stored = await this.sessions.findByHash(hashToken(secret));
    const user = stored?.user;
    const membership = stored?.membership;
    if (
      !stored ||
      !membership ||
      !user?.password_hash ||
      stored.expires_at.getTime() <= Date.now() ||
      passwordTag(user) !== stored.password_tag
    ) {
      return null;
    }
    // The role is the membership's as it is now; one that ended took the session with it.
    return { nonce: secret, user: userView(user, membership) };
  }

  /**
   * Makes the signed-in session act in another of its user's organisations; false when the user
   * is not a member of it (the session stays where it was).
   */
  async switchOrganisation(session: WebSession, orgId: number): Promise<boolean> {
    const membership = session.user && (await this.memberships.find(orgId, session.user.id));
    if (!membership) {
      return false;
    }
    await this.sessions.moveTo(hashToken(session.nonce), membership.id);
    return true;
  }

  /** A new anonymous session (before sign-in: the login form needs a CSRF token too). */
  startAnonymous(request: FastifyRequest, reply: FastifyReply): WebSession {
    const session: WebSession = { nonce: newNonce(), user: null };
    this.writeCookie(request, reply, SESSION_COOKIE, session.nonce, undefined);
    request.webSession = session;
    return session;
  }

  /**
   * Signs the user in under a fresh secret (no session fixation) and stores the session, acting
   * in the user's first membership.
   */
  async startSignedIn(
    request: FastifyRequest,
    reply: FastifyReply,
    user: User,
    membership: Membership,
  ): Promise<WebSession> {
    const session: WebSession = { nonce: newNonce(), user: userView(user, membership) };
    const now = Date.now();
    await this.sessions.deleteExpired(new Date(now));
    await this.sessions.create({
      session_hash: hashToken(session.nonce),
      user_id: user.id,
      membership_id: membership.id,
      password_tag: passwordTag(user),
      expires_at: new Date(now + SESSION_TTL_SECONDS * 1000),
    });
    const value = `${SIGNED_IN_PREFIX}${session.nonce}`;
    this.writeCookie(request, reply, SESSION_COOKIE, value, SESSION_TTL_SECONDS);
    request.webSession = session;
    return session;
  }

  /** Signs out: deletes the stored session (a copy of the cookie no longer works anywhere). */
  async end(session: WebSession | undefined, reply: FastifyReply): Promise<void> {
    if (session?.user) {
      await this.sessions.deleteByHash(hashToken(session.nonce));
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
