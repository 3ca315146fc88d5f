import { AuthUser } from '../common/auth/auth-user';
import { Flash } from './web-session';

/** The console's sections: the main navigation marks the page's own (layout.hbs). */
export type Section =
  | 'overview'
  | 'devices'
  | 'clients'
  | 'networks'
  | 'upgrades'
  | 'events'
  | 'alerts'
  | 'webhooks'
  | 'templates'
  | 'users'
  | 'tokens';

/** What every page's template receives from its handler: the title, and its section if any. */
export interface PageModel {
  title: string;
  section?: Section;
  /** The text the header's search box shows (the search page's own). */
  siteSearch?: string;
}

/** One of the signed-in user's organisations, as the header's switcher offers it. */
export interface OrganisationChoice {
  id: number;
  name: string;
  /** The one the session acts in. */
  current: boolean;
}

/**
 * What the layout adds to every page's model (PageRenderer): who is signed in, their
 * organisations (for the switcher, when they have more than one), CSRF, flash.
 */
export interface LayoutModel {
  currentUser: AuthUser | null;
  /** The signed-in user's organisations by name; empty when they have one (no switcher). */
  organisationChoices: OrganisationChoice[];
  /** The session's token, which every form posts as `_csrf` (the `csrf` partial). */
  csrfToken: string;
  flash: Flash | null;
}

/**
 * A template and the type of the model it reads: `view<WebhookListModel>('webhooks/pages/views/
 * list')` names `webhooks/pages/views/list.hbs` (a path under src/ without the extension), and
 * only a WebhookListModel can be shown with it.
 */
export interface View<M extends PageModel> {
  readonly template: string;
  /** Never set: carries M, so that a view of one model does not take another's. */
  readonly model?: M;
}

export const view = <M extends PageModel>(template: string): View<M> => ({ template });

/** A page shown with its model (200, or 422 for a form shown again with its refusal). */
export interface Shown<M extends PageModel> {
  kind: 'page';
  view: View<M>;
  model: M;
  status: number;
  headers?: Record<string, string>;
}

/** 303 See Other to `location`, with a flash message for the page it leads to. */
export interface Redirect {
  kind: 'redirect';
  location: string;
  flash?: Flash;
}

/** A file to save (the console's CSV exports), never cached: it holds the fleet's records. */
export interface Download {
  kind: 'download';
  name: string;
  contentType: string;
  body: string;
}

/** What a page handler answers; PageInterceptor carries it out (PageRenderer.answer). */
export type PageOutcome<M extends PageModel = PageModel> = Shown<M> | Redirect;
export type Answer = PageOutcome | Download;

/** The page of `view` with `model`, which must be the view's model (M is read from the view). */
export const show = <M extends PageModel>(
  view: View<M>,
  model: NoInfer<M>,
  status = 200,
): Shown<M> => ({
  kind: 'page',
  view,
  model,
  status,
});

/** A CSV file to save as `name`. */
export const csvFile = (name: string, body: string): Download => ({
  kind: 'download',
  name,
  contentType: 'text/csv; charset=utf-8',
  body,
});

/** A redirect whose flash says what was done (none: the page it leads to says enough). */
export const redirectTo = (location: string, message?: string): Redirect =>
  message === undefined
    ? { kind: 'redirect', location }
    : { kind: 'redirect', location, flash: { kind: 'success', message } };

/** A redirect back to `location` whose flash message says why the action was refused. */
export const refusedTo = (location: string, message: string): Redirect => ({
  kind: 'redirect',
  location,
  flash: { kind: 'error', message },
});
