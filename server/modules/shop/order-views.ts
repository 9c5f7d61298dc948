import { asc, eq, inArray } from 'drizzle-orm';
import { localize } from '../../../core/cards/card.ts';
import type { Language } from '../../../core/locale.ts';
import {
  DOWNLOAD_LINK_DAYS,
  type ShopOrderStatus,
  type ShopOrderView,
} from '../../../core/shop/orders.ts';
import type { Db } from '../../db/client.ts';
import { payments, shopCodes, shopOrderLines, shopOrders } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { serverText } from '../../i18n.ts';
import { hmac, sameHex } from '../auth/index.ts';
import type { PaymentRow } from '../payments/index.ts';
import type { ShopCatalogue } from './catalogue.ts';
import type { ShopOrderRow } from './orders.service.ts';

const KEY_PREFIX = 'shop:';
/** States in which what was bought is the buyer's (codes shown, downloads allowed). */
const OWNED: ShopOrderStatus[] = ['paid', 'packed', 'shipped', 'delivered'];

/**
 * Shop orders as people see them (docs/shop.md#downloads): the order with its codes and a freshly
 * signed download link once it is the buyer's, the link's check, and the receipt's line.
 */
export class ShopOrderViews {
  constructor(
    private readonly options: {
      db: Db;
      catalogue: ShopCatalogue;
      /** Signs download links. */
      secret: string;
      siteUrl: string;
      now: () => Date;
    },
  ) {}

  /** A link to a download line's file that works for DOWNLOAD_LINK_DAYS from now. */
  downloadLink(lineId: string): { url: string; expiresAt: string } {
    const expires = this.options.now().getTime() + DOWNLOAD_LINK_DAYS * 86_400_000;
    const signature = hmac(this.options.secret, `shop-download:${lineId}:${expires}`);
    return {
      url: `${this.options.siteUrl}/api/shop/downloads/${lineId}?expires=${expires}&signature=${signature}`,
      expiresAt: new Date(expires).toISOString(),
    };
  }

  /** The file a signed link names, if the link is good and the order is the buyer's; else why not. */
  async download(lineId: string, expires: number, signature: string): Promise<string> {
    const expected = hmac(this.options.secret, `shop-download:${lineId}:${expires}`);
    if (!/^[0-9a-f]{64}$/.test(signature) || !sameHex(signature, expected))
      throw new AppError('NOT_FOUND', { message: 'No such download.' });
    if (expires < this.options.now().getTime())
      throw new AppError('SHOP_LINK_EXPIRED', { message: 'This download link has expired.' });
    const [row] = await this.options.db
      .select({ line: shopOrderLines, status: shopOrders.status })
      .from(shopOrderLines)
      .innerJoin(shopOrders, eq(shopOrders.id, shopOrderLines.orderId))
      .where(eq(shopOrderLines.id, lineId));
    const file = row && this.options.catalogue.variant(row.line.variantId)?.variant.file;
    if (!row || !file || !OWNED.includes(row.status))
      throw new AppError('NOT_FOUND', { message: 'No such download.' });
    return file;
  }

  /** An order as the pages see it, with its codes and fresh download links once it is the buyer's. */
  async view(
    order: ShopOrderRow,
    db: Pick<Db, 'select'> = this.options.db,
  ): Promise<ShopOrderView> {
    const { catalogue } = this.options;
    const simulated = (id: string) => {
      const product = catalogue.product(id);
      return product ? catalogue.simulated(product) : false;
    };
    const lines = await db
      .select()
      .from(shopOrderLines)
      .where(eq(shopOrderLines.orderId, order.id));
    const owned = OWNED.includes(order.status);
    const codes =
      owned && lines.length > 0
        ? await db
            .select({ lineId: shopCodes.lineId, code: shopCodes.code })
            .from(shopCodes)
            .where(
              inArray(
                shopCodes.lineId,
                lines.map((line) => line.id),
              ),
            )
            .orderBy(asc(shopCodes.code))
        : [];
    const [payment] = order.paymentId
      ? await db
          .select({ receiptNumber: payments.receiptNumber })
          .from(payments)
          .where(eq(payments.id, order.paymentId))
      : [];
    const iso = (date: Date | null) => date?.toISOString() ?? null;
    return {
      id: order.id,
      number: order.number,
      status: order.status,
      lines: lines.map((line) => ({
        id: line.id,
        product: line.productId,
        variant: line.variantId,
        title: line.title,
        choices: line.choices,
        image: line.image,
        delivery: line.delivery,
        unitPrice: line.unitPrice,
        quantity: line.quantity,
        codes: codes.filter((code) => code.lineId === line.id).map((code) => code.code),
        download: owned && line.delivery === 'download' ? this.downloadLink(line.id) : null,
        simulatedSupplier: simulated(line.productId),
      })),
      totals: order.totals,
      shipping: order.shipping
        ? {
            ...order.shipping,
            line2: order.shipping.line2 ?? '',
            region: order.shipping.region ?? '',
          }
        : null,
      holdUntil: order.holdUntil.toISOString(),
      carrier: order.carrier,
      trackingNumber: order.trackingNumber,
      paymentId: order.paymentId,
      receiptNumber: payment?.receiptNumber ?? null,
      failure: order.failure,
      paidAt: iso(order.paidAt),
      packedAt: iso(order.packedAt),
      shippedAt: iso(order.shippedAt),
      deliveredAt: iso(order.deliveredAt),
      cancelledAt: iso(order.cancelledAt),
      refundedAt: iso(order.refundedAt),
      createdAt: order.createdAt.toISOString(),
    };
  }

  /** A receipt's line: "Shop order SH-…: TripPlus logo T-shirt × 1, Japan eSIM × 1". */
  async receiptItem(payment: PaymentRow, language: Language): Promise<string | null> {
    const lines = await this.options.db
      .select({
        title: shopOrderLines.title,
        quantity: shopOrderLines.quantity,
        number: shopOrders.number,
      })
      .from(shopOrderLines)
      .innerJoin(shopOrders, eq(shopOrders.id, shopOrderLines.orderId))
      .where(eq(shopOrders.id, payment.idempotencyKey.slice(KEY_PREFIX.length)));
    if (lines.length === 0) return null;
    const lang = language === 'ja' ? 'en' : language;
    return serverText('payments', lang, 'receipt.purpose_shop', {
      number: lines[0]!.number,
      items: lines.map((line) => `${localize(line.title, lang)} × ${line.quantity}`).join(', '),
    });
  }
}
