export const ROUTES = {
  home: '/',
  login: '/login',
  signup: '/signup',
  forgotPassword: '/forgot-password',
  dashboard: '/dashboard',
} as const;

export const DEFAULT_RETURN_PATH = ROUTES.dashboard;

/** Router state carried from a guarded page through sign-in, sign-up and reset. */
export interface ReturnState {
  from: string;
}

export interface LocationLike {
  pathname: string;
  search?: string;
  hash?: string;
}

export type GuardDecision = { allow: true } | { allow: false; redirectTo: string; state: ReturnState };

/** Signed-out visitors of a guarded page go to /login, remembering the page (with its query). */
export function guardSignedIn(signedIn: boolean, location: LocationLike): GuardDecision {
  if (signedIn) return { allow: true };
  return {
    allow: false,
    redirectTo: ROUTES.login,
    state: { from: `${location.pathname}${location.search ?? ''}${location.hash ?? ''}` },
  };
}

const AUTH_PAGES: ReadonlySet<string> = new Set([ROUTES.login, ROUTES.signup, ROUTES.forgotPassword]);

/** Only same-site paths, never another sign-in page (that would loop) nor a protocol-relative '//host'. */
export function isSafeReturnPath(path: unknown): path is string {
  if (typeof path !== 'string' || !path.startsWith('/') || path.startsWith('//') || path.startsWith('/\\')) return false;
  const pathname = path.split(/[?#]/)[0] ?? '';
  return !AUTH_PAGES.has(pathname);
}

/** Where to go after signing in or up: the remembered page, else /dashboard. */
export function returnPathFrom(state: unknown): string {
  const from = typeof state === 'object' && state !== null ? (state as Partial<ReturnState>).from : undefined;
  return isSafeReturnPath(from) ? from : DEFAULT_RETURN_PATH;
}

export function dashboardPath(query: string): string {
  const trimmed = query.trim();
  return trimmed ? `${ROUTES.dashboard}?q=${encodeURIComponent(trimmed)}` : ROUTES.dashboard;
}

export type Navigation = { to: string; state?: ReturnState };

/** Starting a search on the home screen (docs/product-spec.md §2). */
export function searchNavigation(query: string, signedIn: boolean): Navigation {
  const destination = dashboardPath(query);
  if (signedIn || destination === ROUTES.dashboard) return { to: destination };
  return { to: ROUTES.login, state: { from: destination } };
}

/** The query handed to the dashboard by `?q=`. */
export function dashboardQuery(search: string): string {
  return new URLSearchParams(search).get('q')?.trim() ?? '';
}
