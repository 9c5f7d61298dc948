import type { NoticeView } from '../../../core/notices.ts';

type Translate = (key: string, values?: Record<string, unknown>) => string;

/** What a notice says under the bell, in the page's language, and where it leads. */
export function noticeText(
  notice: NoticeView,
  t: Translate,
  formatDate: (iso: string) => string,
  formatNumber: (value: number) => string,
): { title: string; detail: string | null; to: string } {
  const p = notice.payload;
  switch (notice.kind) {
    case 'tracking-notified':
      return {
        title: t('bell.kinds.trackingNotified', { origin: p.origin, destination: p.destination }),
        detail: t('bell.kinds.trackingFlights', { count: Number(p.flights ?? 0) }),
        to: `/awardplus/scraping/alert?tracking=${encodeURIComponent(String(p.tracking ?? ''))}`,
      };
    case 'order-credited':
      return {
        title: t('bell.kinds.orderCredited', { order: p.order }),
        detail: t('bell.kinds.orderMiles', {
          count: Number(p.miles ?? 0),
          miles: formatNumber(Number(p.miles ?? 0)),
        }),
        to: '/profilepage/transaction',
      };
    case 'order-in-review':
      return {
        title: t('bell.kinds.orderInReview', { order: p.order }),
        detail: t('bell.kinds.orderInReviewDetail'),
        to: '/profilepage/transaction',
      };
    case 'sponsorship-renewal-failed':
      return {
        title: t('bell.kinds.renewalFailed'),
        detail:
          typeof p.retryAt === 'string'
            ? t('bell.kinds.renewalRetry', { date: formatDate(p.retryAt) })
            : null,
        to: '/profilepage/sponsorship',
      };
    case 'article-reply':
      return {
        title: t('bell.kinds.articleReply'),
        detail: null,
        to: typeof p.article === 'string' ? `/articles/${encodeURIComponent(p.article)}` : '/',
      };
    case 'newsletter-confirmed':
      return { title: t('bell.kinds.newsletterConfirmed'), detail: null, to: '/edm/preference' };
  }
}
