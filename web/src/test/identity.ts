import { fakeApi, type Answer, type ApiRequest } from './fake-api';
import { jsonResponse } from './render';

interface FakeUser {
  id: string;
  email: string;
  name: string;
  emailVerified: boolean;
}

export const maria: FakeUser = {
  id: 'user-1',
  email: 'maria@example.com',
  name: 'Maria Lopez',
  emailVerified: true,
};

/**
 * Our own API, faked at fetch: the identity session (GET /api/auth/get-session, POST
 * /api/auth/sign-out), PUT /api/user/{email}, which hands out token-1, token-2, ... while a
 * session lives (401 without), and GET /api/identity-settings (Google offered unless
 * `googleSignIn` is false). `answer` handles anything else; unknown calls get a 404.
 */
export function fakeIdentityServer({
  user = null,
  googleSignIn = true,
  answer = () => undefined,
}: {
  user?: FakeUser | null;
  googleSignIn?: boolean;
  answer?: (request: ApiRequest) => Answer;
} = {}) {
  const server = {
    user,
    tokensIssued: 0,
    requests: [] as ApiRequest[],
    /** Set to make POST /api/auth/sign-out fail as a dropped network does. */
    signOutUnreachable: false,
  };
  const { requests, fetchMock } = fakeApi(async (request) => {
    const { method, url } = request;
    if (method === 'GET' && url === '/api/identity-settings') {
      return jsonResponse({ googleSignIn });
    }
    if (method === 'GET' && url === '/api/auth/get-session') {
      return jsonResponse(
        server.user
          ? { user: server.user, session: { id: 'session-1', expiresAt: '2099-01-01T00:00:00Z' } }
          : null,
      );
    }
    if (method === 'POST' && url === '/api/auth/sign-out') {
      if (server.signOutUnreachable) throw new TypeError('Failed to fetch');
      server.user = null;
      return jsonResponse({ success: true });
    }
    if (method === 'PUT' && url.startsWith('/api/user/')) {
      if (!server.user)
        return jsonResponse({ message: 'Please log in first.', statusCode: 401 }, 401);
      server.tokensIssued += 1;
      return jsonResponse({
        result: { acknowledged: true, matchedCount: 1, modifiedCount: 0, upsertedId: null },
        token: `token-${server.tokensIssued}`,
      });
    }
    return answer(request);
  });
  server.requests = requests;
  return { server, fetchMock };
}
