import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiPaths } from '@tools-factory/contract';
import { fakeApi } from '../test/fake-api';
import { hammer, makeCart } from '../test/factories';
import { jsonResponse, renderRoutes } from '../test/render';
import { appRoutes } from './router';

const signedInSession = {
  user: { id: 'u1', email: 'maria@example.com', name: 'Maria', emailVerified: true },
  session: { id: 's1', expiresAt: '2099-01-01T00:00:00.000Z' },
};

/** Our API: the session (signed in or not), one tool, and an empty list for anything else. */
function stubApi({ signedIn = false }: { signedIn?: boolean } = {}) {
  if (signedIn) localStorage.setItem('accessToken', 'token-1');
  return fakeApi(({ url }) => {
    if (url === '/api/auth/get-session') return jsonResponse(signedIn ? signedInSession : null);
    if (url.startsWith('/api/admin/')) return jsonResponse({ admin: false });
    if (url.startsWith('/api/tool/')) return jsonResponse(hammer);
    // A customer's cart (the top bar's and the dashboard header's link count its lines).
    if (url === '/api/cart') return jsonResponse(makeCart([]));
    if (url === '/api/identity-settings') return jsonResponse({ googleSignIn: false });
    // My Orders: a page of the customer's checkouts (issue 43), none.
    if (url === `/api${apiPaths.checkoutsPage}`)
      return jsonResponse({ checkouts: [], total: 0, next: null });
    return jsonResponse([]);
  });
}

// jsdom does not scroll: ScrollRestoration scrolls a #hash's section into view.
Element.prototype.scrollIntoView ??= () => undefined;

describe('the shell, for keyboards and screen readers', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
    document.title = '';
  });

  it.each([
    ['/', 'Tools Factory', 'Welcome to Tools Factory'],
    ['/about', 'About | Tools Factory', 'ABOUT'],
    ['/login', 'Login | Tools Factory', 'Login'],
    ['/no/such/page', 'Page not found | Tools Factory', 'This page is not Found'],
  ])('names the document after the page: %s is %s', async (route, title, heading) => {
    stubApi();
    renderRoutes(appRoutes, { route });
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe(title));
  });

  it('names the purchase page after the tool, and a dashboard page after itself', async () => {
    stubApi({ signedIn: true });
    const { router } = renderRoutes(appRoutes, { route: `/purchase/${hammer._id}` });
    await waitFor(() => expect(document.title).toBe(`Purchase ${hammer.name} | Tools Factory`));
    await router.navigate('/dashborad/orders');
    await waitFor(() => expect(document.title).toBe('My Orders | Tools Factory'));
  });

  it('offers a skip link first, which moves the focus to the main content', async () => {
    stubApi();
    renderRoutes(appRoutes, { route: '/about' });
    await screen.findByRole('heading', { level: 1, name: 'ABOUT' });
    const user = userEvent.setup();
    await user.tab();
    const skip = screen.getByRole('link', { name: 'Skip to main content' });
    expect(skip).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('main')).toHaveFocus();
  });

  it("moves the focus to the new page's heading on navigation, not on the first load", async () => {
    stubApi();
    const { router } = renderRoutes(appRoutes, { route: '/' });
    const welcome = await screen.findByRole('heading', {
      level: 1,
      name: 'Welcome to Tools Factory',
    });
    expect(welcome).not.toHaveFocus();
    expect(document.body).toHaveFocus();

    await userEvent.click(screen.getAllByRole('link', { name: 'ABOUT' })[0]!);
    const about = await screen.findByRole('heading', { level: 1, name: 'ABOUT' });
    await waitFor(() => expect(about).toHaveFocus());

    // Only the #hash changes: the same page, the focus stays where it is.
    const blogsLink = screen.getAllByRole('link', { name: 'BLOGS' })[0]!;
    blogsLink.focus();
    await router.navigate('/about#team');
    expect(blogsLink).toHaveFocus();

    // Another page, at a section it names: the focus goes to that section.
    await router.navigate('/#contact');
    const contact = await screen.findByRole('region', { name: 'CONTUCT US' });
    await waitFor(() => expect(contact).toHaveFocus());
  });

  it("moves the focus to a dashboard page's own heading, not to the dashboard header", async () => {
    stubApi({ signedIn: true });
    const { router } = renderRoutes(appRoutes, { route: '/dashborad' });
    await screen.findByRole('heading', { level: 2, name: 'Protfolio' });
    await router.navigate('/dashborad/orders');
    const orders = await screen.findByRole('heading', { level: 2, name: 'My Orders' });
    await waitFor(() => expect(orders).toHaveFocus());
  });

  it("says 'e-mail verified' once back from the link, and takes the marker out of the address", async () => {
    stubApi();
    const { router } = renderRoutes(appRoutes, { route: '/?verified=1' });
    expect(await screen.findByText('Your e-mail is verified. Thank you!')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(router.state.location.pathname).toBe('/');
  });

  it('says why when the verification link was invalid or expired', async () => {
    stubApi();
    const { router } = renderRoutes(appRoutes, { route: '/?verified=1&error=INVALID_TOKEN' });
    expect(
      await screen.findByText('This verification link is invalid or has expired.'),
    ).toBeInTheDocument();
    expect(screen.queryByText('Your e-mail is verified. Thank you!')).not.toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });
});
