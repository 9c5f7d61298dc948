import { createHmac, timingSafeEqual } from 'node:crypto';

/** The one list there is; named in every token so a token of a future list cannot stand for it. */
export const NEWSLETTER_LIST = 'newsletter';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** One reader's addresses: the preference page, the unsubscribe page (RFC 8058's one click when posted to) and the mailto. */
export interface ReaderLinks {
  preference: string;
  unsubscribe: string;
  mailto: string;
}

/**
 * The addresses a newsletter links to and their token (docs/newsletter.md#links): the token is
 * `<subscriber id>.<list>.<HMAC>` with the app secret, so a link manages the one subscription it
 * was made for, without a login, and names no address; it cannot be made for another subscriber.
 */
export class NewsletterLinks {
  readonly #base: string;
  readonly host: string;

  constructor(
    baseUrl: string,
    private readonly secret: string,
    /** Where List-Unsubscribe's mailto goes. */
    readonly mailto: string,
  ) {
    this.#base = baseUrl.replace(/\/$/, '');
    this.host = new URL(this.#base).hostname;
  }

  #mac(subscriberId: string, list: string): string {
    return createHmac('sha256', this.secret)
      .update(`newsletter-link:${list}:${subscriberId}`)
      .digest('base64url');
  }

  token(subscriberId: string): string {
    return `${subscriberId}.${NEWSLETTER_LIST}.${this.#mac(subscriberId, NEWSLETTER_LIST)}`;
  }

  /** The subscriber a token names, or null when it was not made here for this list. */
  verify(token: string): string | null {
    const [id, list, mac, ...rest] = token.trim().split('.');
    if (rest.length > 0 || !id || !UUID.test(id) || list !== NEWSLETTER_LIST || !mac) return null;
    const expected = Buffer.from(this.#mac(id, list));
    const given = Buffer.from(mac);
    return expected.length === given.length && timingSafeEqual(expected, given) ? id : null;
  }

  /** A reader's links: the preference page, the unsubscribe page (a POST there is RFC 8058's one click) and the mailto. */
  forSubscriber(subscriberId: string): ReaderLinks {
    const token = this.token(subscriberId);
    const inAddress = encodeURIComponent(token);
    return {
      preference: `${this.#base}/edm/preference?t=${inAddress}`,
      unsubscribe: `${this.#base}/edm/unsubscribe?t=${inAddress}`,
      mailto: `mailto:${this.mailto}?subject=${encodeURIComponent(`unsubscribe ${token}`)}`,
    };
  }

  /** The double opt-in link: the /edm page confirms the token it carries. */
  confirmation(token: string): string {
    return `${this.#base}/edm?confirm=${encodeURIComponent(token)}`;
  }

  /** A site path as an absolute address (the product sections' links). */
  absolute(path: string): string {
    return `${this.#base}${path}`;
  }

  /** The headers every newsletter carries (RFC 2369, RFC 8058), each on one line so DKIM survives folding. */
  headers(links: ReaderLinks): Record<string, string> {
    return {
      'List-Unsubscribe': `<${links.unsubscribe}>, <${links.mailto}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      'List-Id': `TripPlus newsletter <${NEWSLETTER_LIST}.${this.host}>`,
    };
  }
}

/** unsubscribe@ the domain MAIL_FROM sends from, unless NEWSLETTER_UNSUBSCRIBE_MAILTO names one. */
export function unsubscribeMailbox(config: {
  NEWSLETTER_UNSUBSCRIBE_MAILTO: string;
  MAIL_FROM: string;
}): string {
  if (config.NEWSLETTER_UNSUBSCRIBE_MAILTO) return config.NEWSLETTER_UNSUBSCRIBE_MAILTO;
  const domain = /@([^>\s]+)>?\s*$/.exec(config.MAIL_FROM)?.[1] ?? 'localhost';
  return `unsubscribe@${domain}`;
}
