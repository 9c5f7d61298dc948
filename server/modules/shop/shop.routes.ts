import { readFile } from 'node:fs/promises';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { okSchema, withErrors } from '../../../core/api-schemas.ts';
import { MONEY_CURRENCIES } from '../../../core/locale.ts';
import { PaymentViewSchema } from '../../../core/payments/api-schemas.ts';
import {
  SHOP_KINDS,
  ShopRulesFileSchema as ShopRulesViewSchema,
} from '../../../core/shop/catalogue-schema.ts';
import { ShopProductViewSchema } from '../../../core/shop/catalogue-view.ts';
import {
  CartItemRequestSchema,
  CartViewSchema,
  ShopOrderPaySchema,
  ShopOrderRequestSchema,
  ShopOrderViewSchema,
} from '../../../core/shop/orders.ts';
import { shopFilePath } from '../../../data/shop.ts';
import { AppError } from '../../errors.ts';
import { rateLimited } from '../../plugins/rate-limits.ts';
import { randomToken, type Sessions } from '../auth/index.ts';
import { paymentView, type Payments } from '../payments/index.ts';
import type { CartOwner } from './cart.service.ts';
import type { Shop } from './shop-setup.ts';

/** A visitor's cart cookie: a random token; only its hash is kept (docs/shop.md#cart). */
const CART_COOKIE = 'tp_cart';
const CART_COOKIE_DAYS = 30;

/**
 * The shop's API (docs/shop.md#api): products, the cart (a visitor's or a member's), orders and
 * their payment, and signed downloads. Prices are the server's: a body names variants and
 * quantities, never an amount.
 */
export const shopRoutes: FastifyPluginAsyncZod<{
  shop: Shop;
  payments: Payments;
  sessions: Sessions;
  secureCookies: boolean;
  rateLimitScale: number;
}> = async (app, { shop, payments, sessions, secureCookies, rateLimitScale }) => {
  const { catalogue, carts, orders, views } = shop;
  const limited = rateLimited(app, 'storefrontOrder', rateLimitScale);
  const cookie = {
    path: '/api/shop',
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: secureCookies,
  };

  /** Whose cart this request is about; a member who brings a visitor's cart gets it folded into theirs. */
  async function ownerOf(
    request: FastifyRequest,
    reply: FastifyReply,
    create: boolean,
  ): Promise<CartOwner | null> {
    const member = (await sessions.current(request))?.member;
    const token = request.cookies[CART_COOKIE];
    const visitorToken = token && /^[A-Za-z0-9_-]{43}$/.test(token) ? token : null;
    if (member) {
      if (visitorToken) {
        await carts.merge(visitorToken, member.id);
        reply.clearCookie(CART_COOKIE, cookie);
      }
      return { memberId: member.id };
    }
    if (visitorToken) return { visitorToken };
    if (!create) return null;
    const made = randomToken();
    reply.setCookie(CART_COOKIE, made, { ...cookie, maxAge: CART_COOKIE_DAYS * 86_400 });
    return { visitorToken: made };
  }

  const Currency = z.object({ currency: z.enum(MONEY_CURRENCIES).default('USD') });
  const CartAnswer = withErrors({ 200: okSchema({ cart: CartViewSchema }) });
  const emptyCart = (currency: (typeof MONEY_CURRENCIES)[number]) => ({
    currency,
    lines: [],
    subtotal: 0,
    needsShipping: false,
  });

  app.get(
    '/shop/products',
    {
      schema: {
        querystring: z.object({ kind: z.enum(SHOP_KINDS).optional() }),
        response: withErrors({ 200: okSchema({ products: z.array(ShopProductViewSchema) }) }),
      },
    },
    async (request) => ({ ok: true as const, products: await catalogue.list(request.query.kind) }),
  );

  app.get(
    '/shop/products/:id',
    {
      schema: {
        params: z.object({ id: z.string().max(80) }),
        response: withErrors({ 200: okSchema({ product: ShopProductViewSchema }) }),
      },
    },
    async (request) => {
      const product = catalogue.product(request.params.id);
      if (!product) throw new AppError('NOT_FOUND', { message: 'We do not sell this item.' });
      return { ok: true as const, product: await catalogue.view(product) };
    },
  );

  // Shipping and tax by destination: the cart and the checkout show them before paying.
  app.get(
    '/shop/rules',
    { schema: { response: withErrors({ 200: okSchema({ rules: ShopRulesViewSchema }) }) } },
    async () => ({ ok: true as const, rules: catalogue.rules }),
  );

  app.get(
    '/shop/cart',
    { schema: { querystring: Currency, response: CartAnswer } },
    async (request, reply) => {
      const owner = await ownerOf(request, reply, false);
      const { currency } = request.query;
      return {
        ok: true as const,
        cart: owner ? await carts.view(owner, currency) : emptyCart(currency),
      };
    },
  );

  for (const [method, how] of [
    ['PUT', 'set'],
    ['POST', 'add'],
  ] as const)
    app.route({
      method,
      url: '/shop/cart/items',
      schema: { querystring: Currency, body: CartItemRequestSchema, response: CartAnswer },
      preHandler: limited,
      handler: async (request, reply) => {
        const owner = (await ownerOf(request, reply, true))!;
        await carts.put(owner, request.body.variant, request.body.quantity, how);
        return { ok: true as const, cart: await carts.view(owner, request.query.currency) };
      },
    });

  const Params = z.object({ id: z.uuid() });
  const OrderAnswer = withErrors({ 200: okSchema({ order: ShopOrderViewSchema }) });

  app.post(
    '/shop/orders',
    { schema: { body: ShopOrderRequestSchema, response: OrderAnswer }, preHandler: limited },
    async (request, reply) => {
      const member = await sessions.requireMember(request);
      await ownerOf(request, reply, false);
      const order = await orders.place(member, request.body);
      return { ok: true as const, order: await views.view(order) };
    },
  );

  app.get(
    '/shop/orders',
    {
      schema: { response: withErrors({ 200: okSchema({ orders: z.array(ShopOrderViewSchema) }) }) },
    },
    async (request) => {
      const member = await sessions.requireMember(request);
      const list = await orders.list(member.id);
      return {
        ok: true as const,
        orders: await Promise.all(list.map((order) => views.view(order))),
      };
    },
  );

  app.get(
    '/shop/orders/:id',
    { schema: { params: Params, response: OrderAnswer } },
    async (request) => {
      const member = await sessions.requireMember(request);
      const order = await orders.get(member.id, request.params.id);
      if (!order) throw new AppError('NOT_FOUND', { message: 'No such order.' });
      return { ok: true as const, order: await views.view(order) };
    },
  );

  app.post(
    '/shop/orders/:id/pay',
    {
      schema: {
        params: Params,
        body: ShopOrderPaySchema,
        response: withErrors({
          200: okSchema({ order: ShopOrderViewSchema, payment: PaymentViewSchema }),
        }),
      },
      preHandler: limited,
    },
    async (request) => {
      const member = await sessions.requireMember(request);
      const { order, payment } = await orders.pay(member, request.params.id, request.body);
      return {
        ok: true as const,
        order: await views.view(order),
        payment: paymentView(payment, await payments.cardOf(payment)),
      };
    },
  );

  // A download is the file itself, to whoever holds the signed link (the e-mail's, the profile's).
  app.get(
    '/shop/downloads/:line',
    {
      schema: {
        params: z.object({ line: z.uuid() }),
        querystring: z.object({
          expires: z.coerce.number().int(),
          signature: z.string().max(64),
        }),
        response: withErrors({
          200: {
            description: 'The file (Content-Disposition: attachment)',
            content: { 'application/pdf': { schema: z.string() } },
          },
        }),
      },
      config: { compress: false },
    },
    async (request, reply) => {
      const file = await views.download(
        request.params.line,
        request.query.expires,
        request.query.signature,
      );
      const bytes = await readFile(shopFilePath(file));
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${file}"`)
        .header('cache-control', 'private, no-store')
        .send(bytes as unknown as string);
    },
  );
};
