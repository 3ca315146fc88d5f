import { AuthUser } from '../common/auth/auth-user';

/** The browser session of one request: anonymous until sign-in. */
export interface WebSession {
  /** Random per session; changes at sign-in. CSRF tokens are bound to it. */
  nonce: string;
  user: AuthUser | null;
}

export interface Flash {
  kind: 'success' | 'error';
  message: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    webSession?: WebSession;
  }
}
