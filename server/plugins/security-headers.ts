import { createHash } from 'node:crypto';
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/**
 * Security headers with an enforced Content-Security-Policy. Scripts come only from this origin,
 * but for inline scripts named by their hash (Vite emits none; the page's colour-scheme script is
 * the one); JSON data blocks in the page are not scripts and need nothing. Styles allow inline because Mantine sets CSS variables in
 * style attributes and one <style> element.
 */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  options: {
    https: boolean;
    captchaScriptUrl: string;
    paymentOrigins: string[];
    /** Inline scripts the pages carry (Mantine's colour-scheme script), allowed by their SHA-256 and nothing else. */
    inlineScripts?: string[];
  },
): Promise<void> {
  // A hosted captcha (Turnstile, reCAPTCHA) runs a script and a frame from its own origin.
  const captchaOrigin = options.captchaScriptUrl ? [new URL(options.captchaScriptUrl).origin] : [];
  // The card processor's script, card-field frame and verification page (none extra for the built-in sandbox, which is this site).
  const { paymentOrigins } = options;
  const scriptHashes = (options.inlineScripts ?? []).map(
    (code) => `'sha256-${createHash('sha256').update(code).digest('base64')}'`,
  );
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      reportOnly: false,
      directives: {
        'default-src': ["'self'"],
        'script-src': ["'self'", ...scriptHashes, ...captchaOrigin, ...paymentOrigins],
        'frame-src': ["'self'", ...captchaOrigin, ...paymentOrigins],
        'style-src': ["'self'", "'unsafe-inline'"],
        // blob: is the preview of a picture being uploaded (the article editor), made by our own script.
        'img-src': ["'self'", 'data:', 'blob:', 'https:'],
        'font-src': ["'self'", 'data:'],
        'connect-src': ["'self'", ...captchaOrigin, ...paymentOrigins],
        'object-src': ["'none'"],
        'base-uri': ["'self'"],
        'form-action': ["'self'", ...paymentOrigins],
        'frame-ancestors': ["'none'"],
        ...(options.https ? { 'upgrade-insecure-requests': [] } : {}),
      },
    },
    strictTransportSecurity: options.https
      ? { maxAge: 31_536_000, includeSubDomains: true }
      : false,
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
  // Members' articles (docs/articles.md#safety) show only pictures this site made: on their pages no
  // image comes from anywhere else, a second lock behind the sanitiser's.
  app.addHook('onSend', async (request, reply) => {
    if (!request.url.startsWith('/share/article/')) return;
    const policy = reply.getHeader('content-security-policy');
    if (typeof policy === 'string')
      reply.header(
        'content-security-policy',
        policy.replace(/img-src [^;]*/, "img-src 'self' data:"),
      );
  });
  // Powerful browser features the site never uses are off for it and for anything it frames;
  // payment stays with the site (a card processor's Payment Request).
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('permissions-policy', PERMISSIONS_POLICY);
  });
}

export const PERMISSIONS_POLICY =
  'camera=(), microphone=(), geolocation=(), usb=(), serial=(), midi=(), magnetometer=(), gyroscope=(), accelerometer=(), payment=(self), browsing-topics=()';
