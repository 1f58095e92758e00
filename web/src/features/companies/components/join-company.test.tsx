import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { texts } from '@tools-factory/contract';
import { Outlet, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { callsTo } from '../../../test/fake-api';
import { renderRoutes } from '../../../test/render';
import { signedInForEachTest } from '../../../test/signed-in';
import type { CompanyVisitor } from '../company-visitor';
import CompanyJoinPage from '../pages/company-join-page';
import CompanyPage from '../pages/company-page';
import { companiesServer, INVITATION_TOKEN, maria, omar } from '../test/companies-server';

const words = texts.companyJoin;
const JOIN = '/dashborad/company/join';

/** The join and Company pages under a route that says who the visitor is, as the app's does. */
function pagesFor(visitor: CompanyVisitor): RouteObject[] {
  return [
    {
      element: <Outlet context={visitor} />,
      children: [
        { path: JOIN, element: <CompanyJoinPage /> },
        { path: '/dashborad/company', element: <CompanyPage /> },
      ],
    },
    { path: '/login', element: <h1>Login</h1> },
  ];
}

const signedInAsOmar: CompanyVisitor = {
  status: 'signedIn',
  account: { id: omar.id },
};

function renderJoin(visitor: CompanyVisitor, hash = `#${INVITATION_TOKEN}`) {
  const user = userEvent.setup();
  const rendered = renderRoutes(pagesFor(visitor), { route: `${JOIN}${hash}` });
  return { user, ...rendered };
}

describe('the invitation page', () => {
  signedInForEachTest();

  it('asks a signed-out visitor to sign in, and the login comes back to this very link', async () => {
    const { requests } = companiesServer();
    const { user, router } = renderJoin({ status: 'signedOut' });
    expect(screen.getByRole('heading', { level: 1, name: words.title })).toBeInTheDocument();
    expect(screen.getByText(words.signInFirst)).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: words.signIn }));
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.state).toMatchObject({
      from: { pathname: JOIN, hash: `#${INVITATION_TOKEN}` },
    });
    // Nothing asked of the server for someone it would not answer.
    expect(requests).toHaveLength(0);
  });

  it('shows a spinner while the sign-in is being read', () => {
    companiesServer();
    renderJoin({ status: 'unknown' });
    expect(screen.getByRole('status')).toHaveTextContent('Loading');
    expect(screen.queryByText(words.signInFirst)).not.toBeInTheDocument();
  });

  it('says the page needs the link from the e-mail when opened without its secret', () => {
    companiesServer({ callerId: omar.id });
    renderJoin(signedInAsOmar, '');
    expect(screen.getByRole('alert')).toHaveTextContent(words.noToken);
    expect(screen.getByRole('link', { name: words.toCompany })).toHaveAttribute(
      'href',
      '/dashborad/company',
    );
  });

  it('shows a signed-in visitor what the link offers, read with the secret in the body', async () => {
    const { requests } = companiesServer({ callerId: omar.id });
    renderJoin(signedInAsOmar);
    expect(
      await screen.findByText(words.invitedAs('Harbour Fittings Ltd', 'buyer')),
    ).toBeInTheDocument();
    expect(screen.getByText(words.invitedBy(maria.name))).toBeInTheDocument();
    expect(screen.getByText(/^The invitation expires /)).toBeInTheDocument();
    const [lookup] = callsTo(requests, 'POST', '/api/company/invitations/lookup');
    expect(lookup?.body).toEqual({ token: INVITATION_TOKEN });
    expect(lookup?.headers.get('Authorization')).toBe('Bearer token-0');
  });

  it('joins, then the Company page shows the company and says so', async () => {
    const { requests } = companiesServer({ callerId: omar.id });
    const { user, router } = renderJoin(signedInAsOmar);
    await user.click(await screen.findByRole('button', { name: words.accept }));

    expect(await screen.findByText(words.joined('Harbour Fittings Ltd'))).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashborad/company');
    expect(callsTo(requests, 'POST', '/api/company/invitations/accept')[0]?.body).toEqual({
      token: INVITATION_TOKEN,
    });
    expect(screen.getByText(texts.company.yourRole('buyer'))).toBeInTheDocument();
  });

  it("says the server's refusal of a link that does not work, in its words", async () => {
    companiesServer({ callerId: omar.id });
    renderJoin(signedInAsOmar, '#a-revoked-link');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      texts.companyErrors.invitationNotFound,
    );
    expect(screen.queryByRole('button', { name: words.accept })).not.toBeInTheDocument();
  });

  it("says the server's refusal of the join (another account's invitation) above the button", async () => {
    companiesServer({
      callerId: omar.id,
      refuse: ({ url }) =>
        url === '/api/company/invitations/accept'
          ? { status: 403, message: texts.companyErrors.verifyToJoin }
          : undefined,
    });
    const { user, router } = renderJoin(signedInAsOmar);
    await user.click(await screen.findByRole('button', { name: words.accept }));
    expect(await screen.findByRole('alert')).toHaveTextContent(texts.companyErrors.verifyToJoin);
    expect(router.state.location.pathname).toBe(JOIN);
  });
});
