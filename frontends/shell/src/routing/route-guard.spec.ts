import { describe, expect, it } from '@jest/globals';
import { dashboardPath, dashboardQuery, guardSignedIn, isSafeReturnPath, returnPathFrom, searchNavigation } from './route-guard';

describe('guardSignedIn', () => {
  it('lets signed-in users through', () => {
    expect(guardSignedIn(true, { pathname: '/dashboard' })).toEqual({ allow: true });
  });

  it('sends others to /login remembering the page and its query', () => {
    expect(guardSignedIn(false, { pathname: '/dashboard', search: '?q=dengue%20symptoms', hash: '' })).toEqual({
      allow: false,
      redirectTo: '/login',
      state: { from: '/dashboard?q=dengue%20symptoms' },
    });
  });
});

describe('returnPathFrom', () => {
  it('returns the remembered page', () => {
    expect(returnPathFrom({ from: '/dashboard?q=malaria%20treatment' })).toBe('/dashboard?q=malaria%20treatment');
    expect(returnPathFrom({ from: '/' })).toBe('/');
  });

  it.each([undefined, null, 'text', {}, { from: 42 }, { from: 'https://evil.example' }, { from: '//evil.example' }, { from: '/\\evil' }, { from: '/login' }, { from: '/signup?x=1' }])(
    'defaults to /dashboard for %j',
    (state) => {
      expect(returnPathFrom(state)).toBe('/dashboard');
    },
  );
});

describe('isSafeReturnPath', () => {
  it('accepts same-site paths only', () => {
    expect(isSafeReturnPath('/dashboard')).toBe(true);
    expect(isSafeReturnPath('dashboard')).toBe(false);
    expect(isSafeReturnPath('/forgot-password')).toBe(false);
  });
});

describe('searchNavigation', () => {
  it('takes a signed-in user to the dashboard with the query', () => {
    expect(searchNavigation('  heart attack response ', true)).toEqual({ to: '/dashboard?q=heart%20attack%20response' });
  });

  it('takes a signed-out user to /login, remembering the dashboard with the query', () => {
    expect(searchNavigation('COVID-19 home management', false)).toEqual({
      to: '/login',
      state: { from: '/dashboard?q=COVID-19%20home%20management' },
    });
  });

  it('takes an empty search to the dashboard, signed in or not', () => {
    expect(searchNavigation('   ', true)).toEqual({ to: '/dashboard' });
    expect(searchNavigation('', false)).toEqual({ to: '/dashboard' });
  });
});

describe('dashboard query', () => {
  it('round-trips through the URL', () => {
    const path = dashboardPath('stroke warning signs & FAST test');
    expect(dashboardQuery(path.slice(path.indexOf('?')))).toBe('stroke warning signs & FAST test');
    expect(dashboardQuery('')).toBe('');
  });
});
