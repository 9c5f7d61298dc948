import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import * as oauth from 'oauth4webapi';
import type { FastifyBaseLogger } from 'fastify';
import { SOCIAL_CODES, type SocialProvider } from '../../../core/auth.ts';
import type { Language } from '../../../core/locale.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { members, socialIdentities } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import type { MemberRow } from '../auth/index.ts';
import { hmac, sameHex } from '../auth/index.ts';
import { pick, type ProviderDefinition } from './providers.ts';

const STATE_TTL_MS = 10 * 60 * 1000;
const CALL_TIMEOUT_MS = 10_000;

/** What the state cookie carries between the start and the callback. */
export interface OAuthState {
  state: string;
  /** The PKCE code verifier (RFC 7636): only this browser's callback can redeem the code. */
  verifier: string;
  provider: SocialProvider;
  from: string;
  expires: number;
}

const failed = () =>
  new AppError('SOCIAL_FAILED', {
    code: SOCIAL_CODES.failed,
    message: 'Login failed.',
  });

/** OAuth 2.0 sign-in with the configured providers (docs/product/accounts.md#social-sign-in). */
export class SocialSignIn {
  constructor(
    private readonly deps: {
      db: Db;
      config: Config;
      secret: string;
      providers: Map<SocialProvider, ProviderDefinition>;
      log: FastifyBaseLogger;
    },
  ) {}

  provider(id: string): ProviderDefinition | undefined {
    return this.deps.providers.get(id as SocialProvider);
  }

  /**
   * Starts a sign-in: the provider's address for this browser (state and PKCE challenge in it)
   * and the sealed value of the short-lived cookie that ties the callback to this browser.
   */
  async begin(
    provider: ProviderDefinition,
    redirectUri: string,
    from: string,
  ): Promise<{ location: string; cookie: string }> {
    const state = randomBytes(24).toString('base64url');
    const verifier = oauth.generateRandomCodeVerifier();
    const url = new URL(provider.authUrl);
    url.searchParams.set('client_id', provider.clientId);
    url.searchParams.set('redirect_uri', redirectUri);
    url.searchParams.set('response_type', 'code');
    url.searchParams.set('scope', provider.scope);
    url.searchParams.set('state', state);
    url.searchParams.set('code_challenge', await oauth.calculatePKCECodeChallenge(verifier));
    url.searchParams.set('code_challenge_method', 'S256');
    return {
      location: url.toString(),
      cookie: this.seal({ state, verifier, provider: provider.id, from }),
    };
  }

  private seal(value: Omit<OAuthState, 'expires'>): string {
    const body = Buffer.from(
      JSON.stringify({ ...value, expires: Date.now() + STATE_TTL_MS }),
    ).toString('base64url');
    return `${body}.${hmac(this.deps.secret, `oauth:${body}`)}`;
  }

  openState(sealed: string | undefined): OAuthState | null {
    if (!sealed) return null;
    const [body, signature] = sealed.split('.');
    if (
      !body ||
      !signature ||
      !/^[0-9a-f]{64}$/.test(signature) ||
      !sameHex(hmac(this.deps.secret, `oauth:${body}`), signature)
    )
      return null;
    try {
      const value = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as OAuthState;
      return value.expires > Date.now() ? value : null;
    } catch {
      return null;
    }
  }

  private async call(url: string, init: RequestInit = {}): Promise<unknown> {
    const response = await fetch(url, { ...init, signal: AbortSignal.timeout(CALL_TIMEOUT_MS) });
    const body: unknown = await response.json().catch(() => null);
    if (!response.ok || (body && typeof body === 'object' && 'error' in body))
      throw new Error(`provider answered ${response.status}`);
    return body;
  }

  /**
   * Checks the callback against the saved state and trades its code for an access token, through
   * oauth4webapi: the client secret goes in the POST body (never a query string) with the PKCE
   * verifier, and an ID token in the answer has its issuer, audience and times checked.
   */
  private async accessToken(
    provider: ProviderDefinition,
    callback: URLSearchParams,
    saved: OAuthState,
    redirectUri: string,
  ): Promise<string> {
    const server: oauth.AuthorizationServer = {
      issuer: provider.issuer,
      authorization_endpoint: provider.authUrl,
      token_endpoint: provider.tokenUrl,
    };
    const client: oauth.Client = { client_id: provider.clientId };
    const parameters = oauth.validateAuthResponse(server, client, callback, saved.state);
    const response = await oauth.authorizationCodeGrantRequest(
      server,
      client,
      oauth.ClientSecretPost(provider.clientSecret),
      parameters,
      redirectUri,
      saved.verifier,
      {
        signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
        // Plain http only for a test provider on loopback; production refuses such addresses.
        [oauth.allowInsecureRequests]: provider.tokenUrl.startsWith('http:'),
      },
    );
    const result = await oauth.processAuthorizationCodeResponse(server, client, response);
    return result.access_token;
  }

  /** Reads the picture (180 x 180, no redirect) and uses its address if there was no error (docs/product/accounts.md#social-sign-in). */
  private async picture(
    provider: ProviderDefinition,
    subject: string,
    token: string,
  ): Promise<string | null> {
    if (!provider.pictureUrl || !provider.picturePath) return null;
    try {
      const body = await this.call(
        provider.pictureUrl.replace('{id}', encodeURIComponent(subject)),
        { headers: { authorization: `Bearer ${token}` } },
      );
      const url = pick(body, provider.picturePath);
      return typeof url === 'string' && /^https?:\/\//.test(url) ? url : null;
    } catch (error) {
      this.deps.log.info({ err: error, provider: provider.id }, 'social picture not available');
      return null;
    }
  }

  /** Trades the callback's code for a profile, then finds or creates the member. */
  async complete(options: {
    provider: ProviderDefinition;
    /** The callback's query: code and state, or the provider's error. */
    callback: URLSearchParams;
    saved: OAuthState;
    redirectUri: string;
    language: Language;
  }): Promise<MemberRow> {
    const { provider } = options;
    let token: string;
    let profile: unknown;
    try {
      token = await this.accessToken(
        provider,
        options.callback,
        options.saved,
        options.redirectUri,
      );
      profile = await this.call(provider.profileUrl, {
        headers: { authorization: `Bearer ${token}` },
      });
    } catch (error) {
      this.deps.log.warn(
        { err: error, provider: provider.id },
        'social sign-in failed at the provider',
      );
      throw failed();
    }
    const subject = pick(profile, provider.fields.subject);
    if ((typeof subject !== 'string' && typeof subject !== 'number') || String(subject) === '')
      throw failed();
    const id = String(subject);
    const name =
      String(pick(profile, provider.fields.name) ?? '')
        .trim()
        .slice(0, 28) || 'Member';
    const emailValue = provider.fields.email ? pick(profile, provider.fields.email) : undefined;
    const email =
      typeof emailValue === 'string' && emailValue.includes('@') ? emailValue.toLowerCase() : null;
    const pictureValue = provider.fields.picture
      ? pick(profile, provider.fields.picture)
      : undefined;

    const [linked] = await this.deps.db
      .select({ member: members })
      .from(socialIdentities)
      .innerJoin(members, eq(members.id, socialIdentities.memberId))
      .where(and(eq(socialIdentities.provider, provider.id), eq(socialIdentities.subject, id)));
    let member = linked?.member;

    if (!member) {
      if (this.deps.config.SOCIAL_SIGNUP === 'closed') {
        throw new AppError('EARLY_ADOPTER', {
          code: SOCIAL_CODES.earlyAdopter,
          message: 'Social sign-up is open to early adopters only.',
        });
      }
      // An address that already belongs to another account is not taken over: the new account goes without it.
      const [holder] = email
        ? await this.deps.db
            .select({ id: members.id })
            .from(members)
            .where(eq(members.email, email))
        : [];
      member = await this.deps.db.transaction(async (tx) => {
        const [created] = await tx
          .insert(members)
          .values({
            account: `${provider.prefix}${id}`,
            email: holder ? null : email,
            name,
            photo:
              typeof pictureValue === 'string' && /^https?:\/\//.test(pictureValue)
                ? pictureValue
                : null,
            activatedAt: new Date(),
            language: options.language,
            source: `social:${provider.id}`,
          })
          .returning();
        if (!created) throw new Error('member insert returned nothing');
        await tx
          .insert(socialIdentities)
          .values({ provider: provider.id, subject: id, memberId: created.id });
        return created;
      });
    }

    if (!member.photo) {
      const photo = await this.picture(provider, id, token);
      if (photo) {
        const [updated] = await this.deps.db
          .update(members)
          .set({ photo, updatedAt: new Date() })
          .where(eq(members.id, member.id))
          .returning();
        if (updated) member = updated;
      }
    }
    return member;
  }
}
