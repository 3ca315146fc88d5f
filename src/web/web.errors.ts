/** The page needs a signed-in session: HtmlExceptionFilter redirects to /login. */
export class SignInRequired extends Error {
  constructor(readonly returnTo: string | null) {
    super('Sign in to continue');
  }
}

/** A form post without the session's CSRF token: HtmlExceptionFilter answers a 403 page. */
export class CsrfRejected extends Error {
  constructor() {
    super(
      'This form has expired or was not sent from this site. Go back, reload the page and try again.',
    );
  }
}
