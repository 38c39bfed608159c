import { createServer } from 'node:http';

/**
 * A real OpenID Connect provider (the `oidc-provider` package) on loopback, standing in for
 * Google and Apple in tests: real discovery, authorization with PKCE, login page, code exchange
 * and signed id tokens. Only the issuer is local.
 *
 * Its login page takes any login and password. The login is the person:
 *   `jane@example.com`             Google account with that (verified) email, sub = the login
 *   `jane@example.com#work`        another account (another sub) with the same email
 *   `jane@example.com#unverified`  email_verified false
 *   `g-123`                        an account registered with `registerFakeOidcAccount` (its
 *                                  email can be changed, as a Google account's can)
 * "[ Cancel ]" on that page answers `access_denied`, as closing Google's popup did.
 */
export const FakeOidcClients = {
  google: { id: 'snaptrack-google-test', secret: 'google-test-secret-0123456789abcdef' },
  apple: { id: 'snaptrack-apple-test', secret: 'apple-test-secret-0123456789abcdef' },
};

/** The redirect URI tests use to obtain id tokens as a native app would. */
export const NATIVE_REDIRECT_URI = 'http://127.0.0.1:9/native-callback';

export async function registerFakeOidcAccount(issuer, account) {
  const response = await fetch(`${issuer}/test/accounts`, {
    method: 'POST',
    body: JSON.stringify(account),
  });
  if (response.status !== 204) throw new Error('could not register the test account');
}

export async function startFakeOidcProvider(port, appUrl) {
  // Loaded here, in the global setup only: every test file imports this module for the clients
  // and the account helper, and would otherwise load the provider (and print its warning that
  // Node 20 is not its runtime) once per file.
  const { default: Provider } = await import('oidc-provider');
  const issuer = `http://127.0.0.1:${port}`;
  const client = (name, extra = {}) => ({
    client_id: FakeOidcClients[name].id,
    client_secret: FakeOidcClients[name].secret,
    redirect_uris: [`${appUrl}/api/auth/oidc/${name}/callback`, NATIVE_REDIRECT_URI],
    response_types: ['code'],
    grant_types: ['authorization_code'],
    token_endpoint_auth_method: 'client_secret_post',
    ...extra,
  });
  const provider = new Provider(issuer, {
    clients: [client('google'), client('apple')],
    scopes: ['openid', 'email', 'profile', 'name'],
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name'],
      name: ['name'],
    },
    conformIdTokenClaims: false,
    pkce: { required: () => true },
    cookies: { keys: ['fake-oidc-provider-cookie-key-0123456789'] },
    features: { devInteractions: { enabled: true } },
    ttl: {
      AccessToken: 600,
      AuthorizationCode: 60,
      IdToken: 600,
      Interaction: 600,
      Session: 600,
      Grant: 600,
    },
    async findAccount(_ctx, login) {
      const registered = directory.get(login);
      const [email, tag = ''] = String(login).split('#');
      return {
        accountId: login,
        claims: async () => ({
          sub: login,
          email: registered?.email ?? email,
          email_verified: registered?.email_verified ?? !tag.includes('unverified'),
          name: `Test ${(registered?.email ?? email).split('@')[0]}`,
        }),
      };
    },
    // No consent screen: the person has already agreed, as with a first-party Google client.
    async loadExistingGrant(ctx) {
      const grant = new ctx.oidc.provider.Grant({
        clientId: ctx.oidc.client.clientId,
        accountId: ctx.oidc.session.accountId,
      });
      grant.addOIDCScope('openid email profile name');
      await grant.save();
      return grant;
    },
  });
  const directory = new Map();
  const handle = provider.callback();
  // POST /test/accounts {sub, email, email_verified}: registers or changes an account.
  const server = createServer((req, res) => {
    if (req.method !== 'POST' || req.url !== '/test/accounts') {
      // Google's `prompt=select_account` (account chooser) is not a prompt this provider knows.
      if (req.url?.startsWith('/auth?')) req.url = req.url.replace(/&?prompt=select_account/, '');
      handle(req, res);
      return;
    }
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      const account = JSON.parse(body);
      directory.set(account.sub, {
        email: account.email,
        email_verified: account.email_verified ?? true,
      });
      res.writeHead(204).end();
    });
  });
  await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    issuer,
    close: () => new Promise((resolve) => server.close(() => resolve(undefined))),
  };
}
