import { BackLink } from './back-link';
import { PageModel, view } from './page-outcome';

/** views/error.hbs: an error page, with the way back to its section. */
export interface ErrorPageModel extends PageModel {
  status: number;
  message: string;
  back: BackLink;
}

/** views/login.hbs: the sign-in form, again with the email and why after a refusal. */
export interface LoginModel extends PageModel {
  /** Where sign-in leads (a path of this site). */
  next: string;
  email?: string;
  error?: string;
}

export const ERROR_PAGE = view<ErrorPageModel>('web/views/error');
export const LOGIN_PAGE = view<LoginModel>('web/views/login');
