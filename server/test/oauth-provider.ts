import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';

export interface OAuthUser {
  id: string;
  name: string;
  email?: string;
  /** The picture call answers an error for this user. */
  noPicture?: boolean;
}

/**
 * An OAuth 2.0 provider on loopback in Facebook's shapes, for tests only: a consent page with an
 * Allow link, the code-for-token exchange, /me, and /{id}/picture. It checks the client id and
 * secret, the redirect address, the PKCE verifier (S256) and single use of each code, as the real
 * one does, and refuses a client secret sent in a query string.
 */
export async function startOAuthProvider(options: { clientId: string; clientSecret: string }) {
  let user: OAuthUser = { id: '1000001', name: 'Facebook Friend', email: 'friend@example.com' };
  const codes = new Map<string, { redirectUri: string; challenge: string; user: OAuthUser }>();
  /** Every token request's query string, so a test can see that no secret travelled in one. */
  const tokenQueries: URLSearchParams[] = [];
  const tokens = new Map<string, OAuthUser>();
  const pictureQueries: URLSearchParams[] = [];

  const json = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const bearer = (req: IncomingMessage) =>
    tokens.get((req.headers.authorization ?? '').replace(/^Bearer /, ''));

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname === '/dialog/oauth') {
      if (url.searchParams.get('client_id') !== options.clientId)
        return json(res, 400, { error: { message: 'unknown client' } });
      const code = randomBytes(12).toString('hex');
      const redirectUri = url.searchParams.get('redirect_uri') ?? '';
      if (url.searchParams.get('code_challenge_method') !== 'S256')
        return json(res, 400, { error: { message: 'PKCE with S256 required' } });
      codes.set(code, {
        redirectUri,
        challenge: url.searchParams.get('code_challenge') ?? '',
        user,
      });
      const back = new URL(redirectUri);
      back.searchParams.set('code', code);
      back.searchParams.set('state', url.searchParams.get('state') ?? '');
      const deny = new URL(redirectUri);
      deny.searchParams.set('error', 'access_denied');
      deny.searchParams.set('state', url.searchParams.get('state') ?? '');
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(
        `<!doctype html><html lang="en"><head><title>Log in with Facebook (test provider)</title></head><body><main><h1>Allow TripPlus to use your profile?</h1><p>${user.name}</p><a id="allow" href="${back}">Allow</a> <a id="deny" href="${deny}">Cancel</a></main></body></html>`,
      );
      return;
    }
    if (url.pathname === '/oauth/access_token') {
      tokenQueries.push(url.searchParams);
      if (req.method !== 'POST' || url.searchParams.has('client_secret'))
        return json(res, 400, { error: { message: 'POST the form', type: 'OAuthException' } });
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      req.on('end', () => {
        const form = new URLSearchParams(body);
        const code = form.get('code') ?? '';
        const grant = codes.get(code);
        const verifier = form.get('code_verifier') ?? '';
        const valid =
          grant &&
          form.get('grant_type') === 'authorization_code' &&
          form.get('client_id') === options.clientId &&
          form.get('client_secret') === options.clientSecret &&
          form.get('redirect_uri') === grant.redirectUri &&
          createHash('sha256').update(verifier).digest('base64url') === grant.challenge;
        if (!valid || !grant)
          return json(res, 400, { error: 'invalid_grant', error_description: 'invalid code' });
        codes.delete(code);
        const token = randomBytes(16).toString('hex');
        tokens.set(token, grant.user);
        json(res, 200, { access_token: token, token_type: 'bearer', expires_in: 3600 });
      });
      return;
    }
    const owner = bearer(req);
    if (!owner) return json(res, 401, { error: { message: 'no token' } });
    if (url.pathname === '/me')
      return json(res, 200, {
        id: owner.id,
        name: owner.name,
        ...(owner.email ? { email: owner.email } : {}),
      });
    const picture = /^\/([^/]+)\/picture$/.exec(url.pathname);
    if (picture) {
      pictureQueries.push(url.searchParams);
      if (owner.noPicture) return json(res, 400, { error: { message: 'no picture' } });
      return json(res, 200, {
        data: {
          url: `https://pictures.example.com/${picture[1]}/180.jpg`,
          width: 180,
          height: 180,
          is_silhouette: false,
        },
      });
    }
    json(res, 404, { error: { message: 'not found' } });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  return {
    settings: {
      FACEBOOK_CLIENT_ID: options.clientId,
      FACEBOOK_CLIENT_SECRET: options.clientSecret,
      FACEBOOK_AUTH_URL: `${base}/dialog/oauth`,
      FACEBOOK_TOKEN_URL: `${base}/oauth/access_token`,
      FACEBOOK_API_URL: base,
    },
    setUser(next: OAuthUser) {
      user = next;
    },
    pictureQueries,
    tokenQueries,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
