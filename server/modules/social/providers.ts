import { SOCIAL_PROVIDERS, type SocialProvider } from '../../../core/auth.ts';
import type { Config } from '../../config.ts';

/**
 * An OAuth 2.0 provider as data: where to send the visitor, where to trade the code for a token,
 * and where each profile field is found. Adding a provider is adding an entry, not code.
 */
export interface ProviderDefinition {
  id: SocialProvider;
  /** Account id prefix (docs/product/accounts.md#social-sign-in: `fb_` marks a Facebook account). */
  prefix: string;
  /** The provider's issuer identifier; an ID token it returns must name it. */
  issuer: string;
  authUrl: string;
  tokenUrl: string;
  scope: string;
  profileUrl: string;
  /** Where the profile's fields are, as dotted paths. */
  fields: { subject: string; name: string; email?: string; picture?: string };
  /** A separate picture call for members without a photo; `{id}` is the subject. */
  pictureUrl?: string;
  /** Dotted path of the picture address in that call's answer. */
  picturePath?: string;
  clientId: string;
  clientSecret: string;
}

/** The providers whose client id and secret are set, with test overrides of their addresses. */
export function configuredProviders(config: Config): Map<SocialProvider, ProviderDefinition> {
  // Facebook is called through Graph API v15.0 (docs/product/accounts.md#social-sign-in).
  const graph = config.FACEBOOK_API_URL || 'https://graph.facebook.com/v15.0';
  const all: ProviderDefinition[] = [
    {
      id: 'facebook',
      prefix: SOCIAL_PROVIDERS.facebook,
      issuer: config.FACEBOOK_AUTH_URL
        ? new URL(config.FACEBOOK_AUTH_URL).origin
        : 'https://www.facebook.com',
      authUrl: config.FACEBOOK_AUTH_URL || 'https://www.facebook.com/v15.0/dialog/oauth',
      tokenUrl: config.FACEBOOK_TOKEN_URL || `${graph}/oauth/access_token`,
      scope: 'public_profile,email',
      profileUrl: `${graph}/me?fields=id,name,email`,
      fields: { subject: 'id', name: 'name', email: 'email' },
      // The picture at 180 x 180, without a redirect, used when there is no error
      // (docs/product/accounts.md#social-sign-in).
      pictureUrl: `${graph}/{id}/picture?width=180&height=180&redirect=false`,
      picturePath: 'data.url',
      clientId: config.FACEBOOK_CLIENT_ID,
      clientSecret: config.FACEBOOK_CLIENT_SECRET,
    },
    {
      id: 'google',
      prefix: SOCIAL_PROVIDERS.google,
      issuer: 'https://accounts.google.com',
      authUrl: 'https://accounts.google.com/o/oauth2/v2/auth',
      tokenUrl: 'https://oauth2.googleapis.com/token',
      scope: 'openid email profile',
      profileUrl: 'https://openidconnect.googleapis.com/v1/userinfo',
      fields: { subject: 'sub', name: 'name', email: 'email', picture: 'picture' },
      clientId: config.GOOGLE_CLIENT_ID,
      clientSecret: config.GOOGLE_CLIENT_SECRET,
    },
    {
      id: 'line',
      prefix: SOCIAL_PROVIDERS.line,
      issuer: 'https://access.line.me',
      authUrl: 'https://access.line.me/oauth2/v2.1/authorize',
      tokenUrl: 'https://api.line.me/oauth2/v2.1/token',
      // No `openid`: LINE signs its ID tokens with the channel secret (HS256), and the profile call
      // already names the member.
      scope: 'profile',
      profileUrl: 'https://api.line.me/v2/profile',
      fields: { subject: 'userId', name: 'displayName', picture: 'pictureUrl' },
      clientId: config.LINE_CLIENT_ID,
      clientSecret: config.LINE_CLIENT_SECRET,
    },
  ];
  return new Map(
    all
      .filter((provider) => provider.clientId && provider.clientSecret)
      .map((provider) => [provider.id, provider]),
  );
}

/** Reads a dotted path out of a JSON answer; undefined when any step is missing. */
export function pick(value: unknown, path: string): unknown {
  return path
    .split('.')
    .reduce<unknown>(
      (current, key) =>
        current && typeof current === 'object'
          ? (current as Record<string, unknown>)[key]
          : undefined,
      value,
    );
}
