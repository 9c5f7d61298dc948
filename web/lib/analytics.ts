import type { AnalyticsEvent } from '../../core/analytics.ts';
import { apiSend } from './api-client.ts';
import { clientConfig } from './client-config.ts';

/** Sends a page event when analytics is configured; otherwise does nothing at all. */
export function trackEvent(event: AnalyticsEvent): void {
  if (!clientConfig().analytics) return;
  apiSend('POST', '/api/analytics/events', event, { keepalive: true }).catch(() => {
    // Analytics must never disturb the visitor.
  });
}
