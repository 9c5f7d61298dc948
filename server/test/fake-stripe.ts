import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import Stripe from 'stripe';

/**
 * Stripe's API on loopback, for tests only, in the shapes the official library reads: PaymentMethods
 * made from test card numbers (as Elements would), Customers, attach, PaymentIntents confirmed at
 * once with idempotency keys, the bank's 3-D Secure page as a redirect, and signed webhooks. Every
 * request is recorded. Never the real service.
 *
 * Test cards, as Stripe documents them: 4242 4242 4242 4242 pays; 4000 0027 6000 3184 asks for
 * 3-D Secure on every charge; 4000 0000 0000 9995 is declined for insufficient funds.
 */
export interface RecordedRequest {
  method: string;
  path: string;
  idempotencyKey: string | undefined;
  form: URLSearchParams;
}

type Intent = {
  id: string;
  object: 'payment_intent';
  amount: number;
  currency: string;
  customer: string | null;
  payment_method: string | null;
  status: string;
  metadata: Record<string, string>;
  next_action: {
    type: 'redirect_to_url';
    redirect_to_url: { url: string; return_url: string };
  } | null;
  last_payment_error: { code: string; decline_code?: string; type: string; message: string } | null;
};

const CARDS: Record<
  string,
  { brand: string; behaviour: 'pays' | 'three-d-secure' | 'insufficient-funds' }
> = {
  '4242424242424242': { brand: 'visa', behaviour: 'pays' },
  '4000002760003184': { brand: 'visa', behaviour: 'three-d-secure' },
  '4000000000009995': { brand: 'visa', behaviour: 'insufficient-funds' },
};

export async function startFakeStripe(options: {
  webhookSecret: string;
  deliver: (payload: string, signature: string) => Promise<void>;
}) {
  const requests: RecordedRequest[] = [];
  const methods = new Map<
    string,
    {
      id: string;
      object: 'payment_method';
      type: 'card';
      customer: string | null;
      card: { brand: string; last4: string; exp_month: number; exp_year: number };
      number: string;
    }
  >();
  const intents = new Map<string, Intent>();
  const byKey = new Map<string, { status: number; body: unknown }>();
  const id = (prefix: string) => `${prefix}_${randomBytes(10).toString('hex')}`;
  let base = '';

  const send = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req') });
    res.end(JSON.stringify(body));
  };
  const error = (
    status: number,
    type: string,
    code: string,
    message: string,
    extra: Record<string, unknown> = {},
  ) => ({ status, body: { error: { type, code, message, ...extra } } });
  const publicMethod = (method: NonNullable<ReturnType<typeof methods.get>>) => ({
    id: method.id,
    object: method.object,
    type: method.type,
    customer: method.customer,
    card: method.card,
  });

  /** Sends Stripe's event for an intent to the site, signed as Stripe signs. */
  const announce = async (
    intent: Intent,
    type: 'payment_intent.succeeded' | 'payment_intent.payment_failed',
  ) => {
    const payload = JSON.stringify({
      id: id('evt'),
      object: 'event',
      type,
      created: Math.floor(Date.now() / 1000),
      data: { object: intent },
    });
    await options.deliver(
      payload,
      Stripe.webhooks.generateTestHeaderString({ payload, secret: options.webhookSecret }),
    );
  };

  const createIntent = (form: URLSearchParams): { status: number; body: unknown } => {
    const method = methods.get(form.get('payment_method') ?? '');
    if (!method || method.customer !== form.get('customer'))
      return error(400, 'invalid_request_error', 'resource_missing', 'No such PaymentMethod');
    const intent: Intent = {
      id: id('pi'),
      object: 'payment_intent',
      amount: Number(form.get('amount')),
      currency: form.get('currency') ?? '',
      customer: form.get('customer'),
      payment_method: method.id,
      status: 'requires_confirmation',
      metadata: { reference: form.get('metadata[reference]') ?? '' },
      next_action: null,
      last_payment_error: null,
    };
    intents.set(intent.id, intent);
    const behaviour = CARDS[method.number]?.behaviour ?? 'insufficient-funds';
    if (behaviour === 'pays') {
      intent.status = 'succeeded';
      void announce(intent, 'payment_intent.succeeded');
      return { status: 200, body: intent };
    }
    if (behaviour === 'three-d-secure' && form.get('off_session') !== 'true') {
      intent.status = 'requires_action';
      intent.next_action = {
        type: 'redirect_to_url',
        redirect_to_url: {
          url: `${base}/3ds/${intent.id}`,
          return_url: form.get('return_url') ?? '',
        },
      };
      return { status: 200, body: intent };
    }
    const failure =
      behaviour === 'three-d-secure'
        ? { code: 'authentication_required', decline_code: 'authentication_required' }
        : { code: 'card_declined', decline_code: 'insufficient_funds' };
    intent.status = 'requires_payment_method';
    intent.last_payment_error = {
      ...failure,
      type: 'card_error',
      message: 'Your card was declined.',
    };
    void announce(intent, 'payment_intent.payment_failed');
    return error(402, 'card_error', failure.code, 'Your card was declined.', {
      decline_code: failure.decline_code,
      payment_intent: intent,
    });
  };

  const route = async (
    req: IncomingMessage,
    form: URLSearchParams,
    url: URL,
  ): Promise<{ status: number; body: unknown } | { redirect: string }> => {
    const path = url.pathname;
    if (req.method === 'POST' && path === '/v1/payment_methods') {
      const number = (form.get('card[number]') ?? '').replace(/\s/g, '');
      if (!CARDS[number])
        return error(402, 'card_error', 'incorrect_number', 'Your card number is incorrect.');
      const method = {
        id: id('pm'),
        object: 'payment_method' as const,
        type: 'card' as const,
        customer: null,
        number,
        card: {
          brand: CARDS[number].brand,
          last4: number.slice(-4),
          exp_month: Number(form.get('card[exp_month]')),
          exp_year: Number(form.get('card[exp_year]')),
        },
      };
      methods.set(method.id, method);
      return { status: 200, body: publicMethod(method) };
    }
    if (req.method === 'POST' && path === '/v1/customers')
      return {
        status: 200,
        body: {
          id: id('cus'),
          object: 'customer',
          metadata: Object.fromEntries([...form].filter(([key]) => key.startsWith('metadata['))),
        },
      };
    const attach = /^\/v1\/payment_methods\/([^/]+)\/attach$/.exec(path);
    if (req.method === 'POST' && attach) {
      const method = methods.get(attach[1] ?? '');
      if (!method || method.customer)
        return error(400, 'invalid_request_error', 'resource_missing', 'No such PaymentMethod');
      method.customer = form.get('customer');
      return { status: 200, body: publicMethod(method) };
    }
    if (req.method === 'POST' && path === '/v1/payment_intents') return createIntent(form);
    if (req.method === 'POST' && path === '/v1/refunds') {
      const intent = intents.get(form.get('payment_intent') ?? '');
      if (!intent || intent.status !== 'succeeded')
        return error(
          400,
          'invalid_request_error',
          'charge_not_refundable',
          'This PaymentIntent has no successful charge to refund.',
        );
      return {
        status: 200,
        body: {
          id: id('re'),
          object: 'refund',
          amount: Number(form.get('amount') ?? intent.amount),
          payment_intent: intent.id,
          status: 'succeeded',
        },
      };
    }
    const retrieve = /^\/v1\/payment_intents\/([^/]+)$/.exec(path);
    if (req.method === 'GET' && retrieve) {
      const intent = intents.get(retrieve[1] ?? '');
      return intent
        ? { status: 200, body: intent }
        : error(404, 'invalid_request_error', 'resource_missing', 'No such payment_intent');
    }
    // The bank's page: `?result=approve` passes the 3-D Secure step, anything else fails it.
    const bank = /^\/3ds\/([^/]+)$/.exec(path);
    if (req.method === 'GET' && bank) {
      const intent = intents.get(bank[1] ?? '');
      if (!intent?.next_action)
        return error(404, 'invalid_request_error', 'resource_missing', 'No such step');
      const back = new URL(intent.next_action.redirect_to_url.return_url);
      back.searchParams.set('payment_intent', intent.id);
      intent.next_action = null;
      if (url.searchParams.get('result') === 'approve') {
        intent.status = 'succeeded';
        await announce(intent, 'payment_intent.succeeded');
      } else {
        intent.status = 'requires_payment_method';
        intent.last_payment_error = {
          type: 'card_error',
          code: 'payment_intent_authentication_failure',
          message: 'Authentication failed.',
        };
        await announce(intent, 'payment_intent.payment_failed');
      }
      return { redirect: back.toString() };
    }
    return error(
      404,
      'invalid_request_error',
      'unrecognized_request_url',
      `Unrecognized request URL (${req.method}: ${path})`,
    );
  };

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', base);
      const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
      const idempotencyKey =
        typeof req.headers['idempotency-key'] === 'string'
          ? req.headers['idempotency-key']
          : undefined;
      requests.push({ method: req.method ?? '', path: url.pathname, idempotencyKey, form });
      if (
        url.pathname.startsWith('/v1/') &&
        req.headers.authorization !== `Bearer ${fake.secretKey}`
      )
        return send(res, 401, {
          error: { type: 'invalid_request_error', message: 'Invalid API Key provided' },
        });
      // A key seen before answers what it answered the first time, as Stripe's idempotency does.
      const kept =
        idempotencyKey && req.method === 'POST'
          ? byKey.get(`${url.pathname} ${idempotencyKey}`)
          : undefined;
      if (kept) return send(res, kept.status, kept.body);
      route(req, form, url).then(
        (answer) => {
          if ('redirect' in answer) {
            res.writeHead(302, { location: answer.redirect });
            return res.end();
          }
          if (idempotencyKey && req.method === 'POST')
            byKey.set(`${url.pathname} ${idempotencyKey}`, answer);
          send(res, answer.status, answer.body);
        },
        (failure: unknown) =>
          send(res, 500, { error: { type: 'api_error', message: String(failure) } }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

  const fake = {
    url: base,
    secretKey: 'sk_test_fake_0123456789',
    requests,
    /** What Elements does in the browser: a PaymentMethod from a card, its id the page's token. */
    async paymentMethod(number: string): Promise<string> {
      const response = await fetch(`${base}/v1/payment_methods`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${fake.secretKey}`,
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: new URLSearchParams({
          type: 'card',
          'card[number]': number,
          'card[exp_month]': '12',
          'card[exp_year]': '2034',
          'card[cvc]': '123',
        }),
      });
      return ((await response.json()) as { id: string }).id;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  return fake;
}
