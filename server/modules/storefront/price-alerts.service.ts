import { and, eq, isNull, ne, or } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { localize } from '../../../core/cards/card.ts';
import { isLanguage, type Language, type MoneyCurrency } from '../../../core/locale.ts';
import { formatMinor } from '../../../core/payments/money.ts';
import type { PriceAlertRequest, PriceAlertView } from '../../../core/storefront/orders.ts';
import type { Db } from '../../db/client.ts';
import { members, storefrontPriceAlerts } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import type { MemberRow } from '../auth/index.ts';
import { enqueueMail } from '../mail/index.ts';
import { emailText, renderMail } from '../mail/index.ts';
import type { StorefrontCatalogue } from './catalogue.ts';

type AlertRow = typeof storefrontPriceAlerts.$inferSelect;
/** A member watches at most this many programmes. */
export const MAX_ALERTS = 18;

/**
 * Price alerts (docs/storefront.md#price-alerts): a member asks to be told when a programme's
 * price per 1,000 falls to a target. The crediting job's run checks them against the campaigns
 * running now; an alert e-mails once per campaign that meets it (the update that records the
 * campaign is the claim, so two runs send one e-mail).
 */
export class PriceAlerts {
  constructor(
    private readonly options: {
      db: Db;
      catalogue: StorefrontCatalogue;
      siteUrl: string;
      now: () => Date;
      log: Pick<FastifyBaseLogger, 'info' | 'warn'>;
    },
  ) {}

  /** Sets (or moves) the member's alert on a programme. */
  async set(member: MemberRow, input: PriceAlertRequest): Promise<AlertRow> {
    const programme = this.options.catalogue.programme(input.programme);
    if (!programme)
      throw new AppError('NOT_FOUND', { message: 'This programme is not sold here.' });
    const currency = this.options.catalogue.basePrice(programme, this.options.now()).currency;
    const existing = await this.list(member.id);
    if (
      existing.length >= MAX_ALERTS &&
      !existing.some((alert) => alert.programme === programme.id)
    )
      throw new AppError('INVALID_INPUT', {
        message: `At most ${MAX_ALERTS} price alerts.`,
      });
    const [row] = await this.options.db
      .insert(storefrontPriceAlerts)
      .values({
        memberId: member.id,
        programme: programme.id,
        target: input.target,
        currency,
        language: input.language,
      })
      .onConflictDoUpdate({
        target: [storefrontPriceAlerts.memberId, storefrontPriceAlerts.programme],
        set: {
          target: input.target,
          currency,
          language: input.language,
          notifiedCampaign: null,
          notifiedAt: null,
        },
      })
      .returning();
    return row!;
  }

  async list(memberId: string): Promise<AlertRow[]> {
    return this.options.db
      .select()
      .from(storefrontPriceAlerts)
      .where(eq(storefrontPriceAlerts.memberId, memberId));
  }

  async remove(memberId: string, id: string): Promise<void> {
    await this.options.db
      .delete(storefrontPriceAlerts)
      .where(and(eq(storefrontPriceAlerts.id, id), eq(storefrontPriceAlerts.memberId, memberId)));
  }

  view(row: AlertRow): PriceAlertView {
    return {
      id: row.id,
      programme: row.programme,
      target: row.target,
      currency: row.currency as MoneyCurrency,
      notifiedAt: row.notifiedAt?.toISOString() ?? null,
      createdAt: row.createdAt.toISOString(),
    };
  }

  /** E-mails every alert a running campaign meets and that has not heard of that campaign. */
  async notify(now = this.options.now()): Promise<number> {
    let sent = 0;
    for (const programme of this.options.catalogue.list(now)) {
      const campaign = programme.campaign;
      if (!campaign) continue;
      const alerts = await this.options.db
        .select()
        .from(storefrontPriceAlerts)
        .where(
          and(
            eq(storefrontPriceAlerts.programme, programme.id),
            or(
              isNull(storefrontPriceAlerts.notifiedCampaign),
              ne(storefrontPriceAlerts.notifiedCampaign, campaign.id),
            ),
          ),
        );
      for (const alert of alerts) {
        if (programme.pricePer1000 > alert.target + 1e-9) continue;
        const claimed = await this.options.db.transaction(async (tx) => {
          const [row] = await tx
            .update(storefrontPriceAlerts)
            .set({ notifiedCampaign: campaign.id, notifiedAt: now })
            .where(
              and(
                eq(storefrontPriceAlerts.id, alert.id),
                or(
                  isNull(storefrontPriceAlerts.notifiedCampaign),
                  ne(storefrontPriceAlerts.notifiedCampaign, campaign.id),
                ),
              ),
            )
            .returning();
          if (!row) return false;
          const [member] = await tx
            .select({ email: members.email, name: members.name })
            .from(members)
            .where(eq(members.id, alert.memberId));
          if (!member?.email) return false;
          const language: Language = isLanguage(alert.language) ? alert.language : 'en';
          const t = (key: string, values: Record<string, string | number> = {}) =>
            emailText(language, `storefront.${key}`, values);
          const values = {
            programme: localize(programme.name, language),
            price: formatMinor(Math.round(programme.pricePer1000), programme.currency, language),
            target: formatMinor(alert.target, programme.currency, language),
            day: campaign.endsLocal.date,
          };
          const rendered = renderMail({
            language,
            subject: t('alertSubject', values),
            heading: t('alertHeading', values),
            paragraphs: [
              t('greeting', { name: member.name }),
              t('alertWhat', values),
              t('alertEnds', values),
            ],
            link: {
              label: t('alertButton'),
              url: `${this.options.siteUrl}/storefront/buy/${programme.id}`,
            },
            footer: t('alertFooter'),
          });
          await enqueueMail(tx, {
            ...rendered,
            to: member.email,
            language,
            template: 'storefront-price-alert',
            topic: `storefront-alert:${alert.id}:${campaign.id}`,
          });
          return true;
        });
        if (claimed) sent += 1;
      }
    }
    return sent;
  }
}
