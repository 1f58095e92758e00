import { describe, expect, it } from 'vitest';
import { appPathOf, rememberedPath } from './use-remembered-location';

const fromQuery = (raw: string) => rememberedPath(null, new URLSearchParams(raw));

describe('the location to return to after logging in', () => {
  it.each([
    ['/', '/'],
    ['/purchase/7?qty=200#form', '/purchase/7?qty=200#form'],
    ['/dashborad/orders', '/dashborad/orders'],
    // Dot segments resolve inside the app.
    ['/a/../dashborad', '/dashborad'],
  ])('keeps the app path %s', (value, expected) => {
    expect(appPathOf(value)).toBe(expected);
  });

  it.each([
    ['another site by a doubled slash', '//evil.example/'],
    ['another site by a backslash', '/\\evil.example/'],
    ['another site by two backslashes', '\\\\evil.example'],
    ['another site by a tab', '/\t/evil.example/'],
    ['another site by a newline', '/\n/evil.example/'],
    ['an absolute URL', 'https://evil.example/'],
    ['a javascript: URL', 'javascript:alert(1)'],
    ['a relative path', 'purchase/7'],
    ['an empty value', ''],
    ['not a string', 42],
  ])('refuses %s', (_, value) => {
    expect(appPathOf(value)).toBeUndefined();
  });

  it("returns to / for the audit's ?from= values, and keeps a good one", () => {
    expect(fromQuery('from=%2F%5Cevil.example%2F')).toBe('/');
    expect(fromQuery('from=%2F%09%2Fevil.example%2F')).toBe('/');
    expect(fromQuery('from=%2F%2Fevil.example')).toBe('/');
    expect(fromQuery('from=%2Fpurchase%2F7')).toBe('/purchase/7');
    expect(fromQuery('')).toBe('/');
  });

  it('prefers the location a protected route remembered, checked the same way', () => {
    const search = new URLSearchParams('from=%2Fabout');
    const remembered = { from: { pathname: '/purchase/7', search: '?qty=200', hash: '' } };
    expect(rememberedPath(remembered, search)).toBe('/purchase/7?qty=200');
    const forged = { from: { pathname: '/\\evil.example/', search: '', hash: '' } };
    expect(rememberedPath(forged, search)).toBe('/about');
  });
});
