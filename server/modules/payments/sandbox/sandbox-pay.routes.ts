import { readFileSync } from 'node:fs';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiErrorSchema, withErrors } from '../../../../core/api-schemas.ts';
import { isLanguage, type Language, type MoneyCurrency } from '../../../../core/locale.ts';
import { formatMinor } from '../../../../core/payments/money.ts';
import { escapeHtml, serverText } from '../../../i18n.ts';
import { SANDBOX_PATH, type SandboxPay } from './sandbox-pay.ts';
import { SANDBOX_VERIFICATION_CODE, type CardFieldError } from './test-cards.ts';

const script = (name: string) =>
  readFileSync(new URL(`./browser/${name}`, import.meta.url), 'utf8');
const SDK = script('sandbox-pay.js');
const FIELDS = script('fields.js');

/** The sandbox's own pages may be framed by this site only (the card fields sit in the checkout). */
const FRAMED_CSP =
  "default-src 'self'; script-src 'self'; style-src 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; form-action 'self'; base-uri 'none'; object-src 'none'; frame-ancestors 'self'";
const PAGE_CSP = FRAMED_CSP.replace("frame-ancestors 'self'", "frame-ancestors 'none'");

const FIELD_ERRORS = [
  'number-invalid',
  'number-not-test-card',
  'expiry-invalid',
  'expiry-past',
  'cvc-invalid',
  'incomplete',
  'network',
] as const;

// These answer as the processor would: its pages, its script and its token API's own shapes. Pages
// and scripts are text the serializer passes through; the schemas say what they are.
const textAnswer = (description: string, type: 'text/html' | 'text/javascript' | 'text/plain') => ({
  description,
  content: { [type]: { schema: z.string() } },
});
const Script = withErrors({ 200: textAnswer("The processor's script", 'text/javascript') });
const FieldError = z.enum([
  'number-invalid',
  'number-not-test-card',
  'expiry-invalid',
  'expiry-past',
  'cvc-invalid',
]) satisfies z.ZodType<CardFieldError>;
const TokenAnswers = withErrors({
  200: z.object({
    ok: z.literal(true),
    token: z.string(),
    card: z.object({
      brand: z.string(),
      last4: z.string(),
      expMonth: z.number().int(),
      expYear: z.number().int(),
    }),
  }),
  // The card fields' own problems, or a body that is not a card entry at all (the API's error shape).
  400: z.union([
    z.object({
      ok: z.literal(false),
      errors: z.object({ number: FieldError, expiry: FieldError, cvc: FieldError }).partial(),
    }),
    ApiErrorSchema,
  ]),
  401: z
    .object({ ok: z.literal(false), error: z.literal('key-invalid') })
    .describe('The X-Sandbox-Key header is not the public key'),
});
const NoSuchVerification = textAnswer('No such verification (or not this ticket)', 'text/plain');

function languageOf(value: string | undefined): Language {
  return isLanguage(value) && value !== 'ja' ? value : 'en';
}

/**
 * The sandbox card processor's own address space: its script, its card-field frame and
 * token API, and its card-verification page. Nothing here is our API: these answer as the
 * processor would, to its script and to the card holder, so they carry no session or CSRF token;
 * the token API takes the public key, the verification page the charge's ticket.
 */
export const sandboxPayRoutes: FastifyPluginAsyncZod<{
  sandbox: SandboxPay;
  rateLimitScale: number;
}> = async (app, { sandbox, rateLimitScale }) => {
  const text = (language: Language, key: string, values: Record<string, string | number> = {}) =>
    escapeHtml(serverText('sandbox', language, key, values));

  app.get(
    `${SANDBOX_PATH}/sandbox-pay.js`,
    { schema: { response: Script } },
    async (_request, reply) =>
      reply
        .type('text/javascript; charset=utf-8')
        .header('cache-control', 'public, max-age=300')
        .send(SDK),
  );
  app.get(`${SANDBOX_PATH}/fields.js`, { schema: { response: Script } }, async (_request, reply) =>
    reply
      .type('text/javascript; charset=utf-8')
      .header('cache-control', 'public, max-age=300')
      .send(FIELDS),
  );

  const FieldsPage = withErrors({
    200: textAnswer('The card-field frame the checkout page embeds', 'text/html'),
  });
  app.get(
    `${SANDBOX_PATH}/fields`,
    {
      schema: {
        querystring: z.object({
          key: z.string().max(100),
          lang: z.string().max(10).optional(),
          origin: z.url(),
        }),
        response: FieldsPage,
      },
    },
    async (request, reply) => {
      const language = languageOf(request.query.lang);
      const messages = Object.fromEntries(
        FIELD_ERRORS.map((code) => [code, serverText('sandbox', language, `errors.${code}`)]),
      );
      const html = `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><link rel="icon" href="data:,">
<style>
*{box-sizing:border-box}body{margin:0;font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,'Noto Sans TC','PingFang TC',sans-serif;font-size:14px;color:#212529;background:transparent}
label{display:block;font-weight:500;margin:0 0 4px}input{width:100%;height:36px;padding:0 12px;font-size:14px;border:1px solid #ced4da;border-radius:4px;font-family:inherit;background:#fff}
input:focus{outline:none;border-color:#228be6}input[aria-invalid=true]{border-color:#fa5252}.row{display:flex;gap:12px}.row>div{flex:1}.field{margin-bottom:8px}.error{color:#fa5252;font-size:12px;min-height:0;margin-top:2px}
</style></head>
<body data-key="${escapeHtml(request.query.key)}" data-origin="${escapeHtml(new URL(request.query.origin).origin)}" data-messages="${escapeHtml(JSON.stringify(messages))}">
<div class="field"><label for="number">${text(language, 'fields.number')}</label><input id="number" inputmode="numeric" autocomplete="cc-number" placeholder="1234 1234 1234 1234" aria-describedby="number-error"><div class="error" id="number-error" role="alert"></div></div>
<div class="row"><div class="field"><label for="expiry">${text(language, 'fields.expiry')}</label><input id="expiry" inputmode="numeric" autocomplete="cc-exp" placeholder="MM / YY" aria-describedby="expiry-error"><div class="error" id="expiry-error" role="alert"></div></div>
<div class="field"><label for="cvc">${text(language, 'fields.cvc')}</label><input id="cvc" inputmode="numeric" autocomplete="cc-csc" placeholder="123" aria-describedby="cvc-error"><div class="error" id="cvc-error" role="alert"></div></div></div>
<script src="fields.js"></script>
</body></html>`;
      return reply
        .type('text/html; charset=utf-8')
        .header('content-security-policy', FRAMED_CSP)
        .header('x-frame-options', 'SAMEORIGIN')
        .send(html);
    },
  );

  app.post(
    `${SANDBOX_PATH}/tokens`,
    {
      schema: {
        body: z.object({
          number: z.string().max(40),
          expiry: z.string().max(10),
          cvc: z.string().max(8),
        }),
        response: TokenAnswers,
      },
      config: {
        csrf: false,
        rateLimit: { max: Math.ceil(30 * rateLimitScale), timeWindow: '1 minute' },
      },
    },
    async (request, reply) => {
      const answer = await sandbox.tokenize(
        String(request.headers['x-sandbox-key'] ?? ''),
        request.body,
      );
      if ('keyInvalid' in answer)
        return reply.status(401).send({ ok: false, error: 'key-invalid' });
      if ('errors' in answer) return reply.status(400).send({ ok: false, errors: answer.errors });
      return { ok: true as const, token: answer.token, card: answer.card };
    },
  );

  const VerifyParams = z.object({ charge: z.string().regex(/^ch_[A-Za-z0-9]{8,40}$/) });

  const verifyPage = async (
    language: Language,
    chargeId: string,
    ticket: string,
    notice: string,
  ) => {
    const found = await sandbox.chargeForVerification(chargeId, ticket);
    if (!found) return null;
    const { charge, card } = found;
    const amount = escapeHtml(
      formatMinor(charge.amount, charge.currency as MoneyCurrency, language),
    );
    const open = charge.status === 'requires-verification';
    const form = open
      ? `<form method="post" action="${SANDBOX_PATH}/verify/${charge.id}?lang=${language}">
<input type="hidden" name="ticket" value="${escapeHtml(ticket)}">
<label for="code">${text(language, 'verify.codeLabel')}</label>
<input id="code" name="code" inputmode="numeric" autocomplete="one-time-code" maxlength="6" autofocus>
<p class="hint">${text(language, 'verify.codeHint', { code: SANDBOX_VERIFICATION_CODE })}</p>
${notice ? `<p class="error" role="alert">${notice}</p>` : ''}
<button type="submit" name="action" value="verify">${text(language, 'verify.submit')}</button>
<button type="submit" name="action" value="cancel" class="secondary">${text(language, 'verify.cancel')}</button>
</form>`
      : `<p>${text(language, 'verify.answered')}</p><p><a href="${escapeHtml(charge.returnUrl ?? '/')}">${text(language, 'verify.back')}</a></p>`;
    return `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><link rel="icon" href="data:,"><title>${text(language, 'verify.title')}</title>
<style>body{margin:0;background:#e9ecef;font-family:-apple-system,'Segoe UI',Roboto,'Noto Sans TC','PingFang TC',sans-serif;color:#212529}main{max-width:420px;margin:40px auto;background:#fff;border-radius:8px;padding:24px;box-shadow:0 1px 3px rgba(0,0,0,.1)}
h1{font-size:20px;margin:0 0 8px}.bank{font-weight:bold;color:#2b8a3e;margin:0 0 16px}dl{display:grid;grid-template-columns:auto 1fr;gap:6px 12px;margin:16px 0}dt{color:#495057}dd{margin:0;font-weight:500}
label{display:block;font-weight:500;margin:16px 0 4px}input{width:100%;box-sizing:border-box;height:40px;font-size:18px;letter-spacing:4px;padding:0 12px;border:1px solid #ced4da;border-radius:4px}
button{height:40px;padding:0 16px;margin:12px 8px 0 0;border:0;border-radius:4px;background:#2b8a3e;color:#fff;font-size:15px;cursor:pointer}button.secondary{background:#fff;color:#495057;border:1px solid #ced4da}
.hint{font-size:13px;color:#495057}.error{color:#c92a2a}.sandbox{background:#fff3bf;padding:8px 12px;border-radius:6px;font-size:13px}</style></head>
<body><main>
<p class="sandbox">${text(language, 'verify.sandboxNote')}</p>
<p class="bank">${text(language, 'verify.bank')}</p>
<h1>${text(language, 'verify.title')}</h1>
<p>${text(language, 'verify.lead', { merchant: 'TripPlus' })}</p>
<dl><dt>${text(language, 'verify.amount')}</dt><dd data-testid="verify-amount">${amount}</dd>
<dt>${text(language, 'verify.card')}</dt><dd>${escapeHtml(card.brand.toUpperCase())} •••• ${escapeHtml(card.last4)}</dd></dl>
${form}
</main></body></html>`;
  };

  const VerifyPage = withErrors({
    200: textAnswer("The bank's card-verification page", 'text/html'),
    404: NoSuchVerification,
  });
  app.get(
    `${SANDBOX_PATH}/verify/:charge`,
    {
      schema: {
        params: VerifyParams,
        querystring: z.object({ ticket: z.string().max(64), lang: z.string().max(10).optional() }),
        response: VerifyPage,
      },
    },
    async (request, reply) => {
      const html = await verifyPage(
        languageOf(request.query.lang),
        request.params.charge,
        request.query.ticket,
        '',
      );
      if (!html)
        return reply.status(404).type('text/plain; charset=utf-8').send('No such verification.');
      return reply
        .type('text/html; charset=utf-8')
        .header('content-security-policy', PAGE_CSP)
        .header('cache-control', 'no-store')
        .send(html);
    },
  );

  // The holder's answer is a plain form post, as on a bank's page: the ticket is its proof.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 4096 },
    (_request, body, done) => {
      done(
        null,
        Object.fromEntries(
          new URLSearchParams(typeof body === 'string' ? body : body.toString('utf8')),
        ),
      );
    },
  );
  app.post(
    `${SANDBOX_PATH}/verify/:charge`,
    {
      schema: {
        params: VerifyParams,
        querystring: z.object({ lang: z.string().max(10).optional() }),
        body: z.object({
          ticket: z.string().max(64),
          code: z.string().max(12).optional(),
          action: z.enum(['verify', 'cancel']),
        }),
        response: withErrors({
          200: textAnswer('The page again, saying the code was wrong', 'text/html'),
          303: z
            .undefined()
            .describe(
              'Answered (or cancelled): back to the return address the charge was made with',
            ),
          404: NoSuchVerification,
        }),
      },
      config: {
        csrf: false,
        rateLimit: { max: Math.ceil(20 * rateLimitScale), timeWindow: '1 minute' },
      },
    },
    async (request, reply) => {
      const language = languageOf(request.query.lang);
      const { ticket, code, action } = request.body;
      const answer = await sandbox.verify(
        request.params.charge,
        ticket,
        action === 'cancel' ? { cancel: true } : { code: code ?? '' },
      );
      if (!answer)
        return reply.status(404).type('text/plain; charset=utf-8').send('No such verification.');
      if ('wrongCode' in answer) {
        const html = await verifyPage(
          language,
          request.params.charge,
          ticket,
          text(language, 'verify.wrongCode', { left: answer.attemptsLeft }),
        );
        if (!html)
          return reply.status(404).type('text/plain; charset=utf-8').send('No such verification.');
        // The page again with the message, as a bank's form page answers (not an HTTP error).
        return reply
          .type('text/html; charset=utf-8')
          .header('content-security-policy', PAGE_CSP)
          .header('cache-control', 'no-store')
          .send(html);
      }
      return reply.redirect(answer.returnUrl, 303);
    },
  );
};
