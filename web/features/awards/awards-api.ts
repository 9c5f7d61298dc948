import type { PlaceLanguage } from '../../../core/awards/places.ts';
import type {
  AwardCalendarQuery,
  CreateAwardSearch,
} from '../../../core/awards/search-contract.ts';
import type {
  AwardNames,
  AwardQuery,
  AwardSample,
  AwardSearchEvent,
  AwardSearchView,
  CalendarDay,
} from '../../../core/awards/search.ts';
import type { CreateTracking } from '../../../core/awards/tracking-contract.ts';
import type { TrackingAllowance, TrackingView } from '../../../core/awards/tracking.ts';
import { apiGet, apiSend } from '../../lib/api-client.ts';
import { findPlaces, placeLanguage } from '../../lib/places.ts';

/** The award search API as the pages call it (docs/awards.md). */

export type { PlaceLanguage };

export { placeLanguage };

export interface AwardQuota {
  plan: 'member' | 'sponsor' | 'sponsor-more';
  daysPerSearch: number;
  /** Null: no monthly cap. */
  daysPerMonth: number | null;
  daysLeft: number | null;
  scrapingEnabled: boolean;
  /** The member has asked to join the live scan's beta. */
  scrapingRequested: boolean;
}

/** A search as the results page reads it: the stored search, the names it mentions, the days left. */
export type SearchAnswer = AwardSearchView & {
  names: AwardNames;
  quota: { daysLeft: number | null };
};

export type SearchEvent = AwardSearchEvent;

export const awardsApi = {
  places: findPlaces,
  samples: (lang: PlaceLanguage) =>
    apiGet<{ samples: AwardSample[]; names: AwardNames }>(`/api/awards/samples?lang=${lang}`),
  quota: () => apiGet<AwardQuota>('/api/awards/quota'),
  requestLiveScan: () => apiSend<{ requestedAt: string }>('POST', '/api/awards/live-scan/request'),
  calendar: (query: AwardCalendarQuery, lang: PlaceLanguage) => {
    const params = new URLSearchParams({
      origin: query.origin,
      destination: query.destination,
      month: query.month,
      cabin: query.cabin,
      seats: String(query.seats),
      stops: String(query.stops),
      lang,
    });
    if (query.alliance) params.set('alliance', query.alliance);
    return apiGet<{ month: string; days: CalendarDay[]; names: AwardNames }>(
      `/api/awards/calendar?${params}`,
    );
  },
  start: (
    request: Partial<CreateAwardSearch> &
      Pick<CreateAwardSearch, 'origin' | 'destination' | 'startDate' | 'endDate' | 'cabin'>,
  ) =>
    apiSend<{ id: string; quota: { daysLeft: number | null } }>(
      'POST',
      '/api/awards/searches',
      request,
    ),
  search: (id: string, lang: PlaceLanguage) =>
    apiGet<SearchAnswer>(`/api/awards/searches/${encodeURIComponent(id)}?lang=${lang}`),
  /** The search's progress as server-sent events; the browser reconnects by itself after a drop. */
  events: (id: string) =>
    new EventSource(`/api/awards/searches/${encodeURIComponent(id)}/events`, {
      withCredentials: true,
    }),
};

/** Award tracking (docs/trackings.md): a member's trackings, their tracking days, and the e-mails' stop link. */
export const trackingsApi = {
  list: (lang: PlaceLanguage) =>
    apiGet<{ trackings: TrackingView[]; allowance: TrackingAllowance; names: AwardNames }>(
      `/api/trackings?lang=${lang}`,
    ),
  get: (id: string, lang: PlaceLanguage) =>
    apiGet<{ tracking: TrackingView; names: AwardNames }>(
      `/api/trackings/${encodeURIComponent(id)}?lang=${lang}`,
    ),
  create: (
    request: Partial<CreateTracking> &
      Pick<CreateTracking, 'origin' | 'destination' | 'startDate' | 'endDate' | 'cabin'>,
  ) =>
    apiSend<{ tracking: TrackingView; allowance: TrackingAllowance }>(
      'POST',
      '/api/trackings',
      request,
    ),
  setKeepTracking: (id: string, keepTracking: boolean) =>
    apiSend<{ tracking: TrackingView; allowance: TrackingAllowance }>(
      'PATCH',
      `/api/trackings/${encodeURIComponent(id)}`,
      { keepTracking },
    ),
  remove: (id: string) =>
    apiSend<{ allowance: TrackingAllowance }>('DELETE', `/api/trackings/${encodeURIComponent(id)}`),
  stop: (tracking: string, signature: string) =>
    apiSend<{ stopped: boolean; query: AwardQuery | null }>('POST', '/api/trackings/stop', {
      tracking,
      signature,
    }),
};
