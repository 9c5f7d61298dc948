import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The addresses a tracking e-mail links to, and the signature of its stop link: an HMAC of the
 * tracking's id with the app secret, so the link stops that tracking and nothing else without a
 * login, and cannot be made for another tracking.
 */
export class TrackingLinks {
  readonly host: string;
  readonly #base: string;

  constructor(
    baseUrl: string,
    private readonly secret: string,
  ) {
    this.#base = baseUrl.replace(/\/$/, '');
    this.host = new URL(this.#base).hostname;
  }

  signature(trackingId: string): string {
    return createHmac('sha256', this.secret)
      .update(`tracking-stop:${trackingId}`)
      .digest('base64url');
  }

  verify(trackingId: string, signature: string): boolean {
    const expected = Buffer.from(this.signature(trackingId));
    const given = Buffer.from(signature);
    return expected.length === given.length && timingSafeEqual(expected, given);
  }

  forTracking(trackingId: string): { tracking: string; stopPage: string; oneClick: string } {
    const signed = `tracking=${trackingId}&signature=${this.signature(trackingId)}`;
    return {
      tracking: `${this.#base}/awardplus/scraping/alert?tracking=${trackingId}`,
      stopPage: `${this.#base}/awardplus/scraping/alert/stop?${signed}`,
      oneClick: `${this.#base}/api/trackings/stop?${signed}`,
    };
  }
}
