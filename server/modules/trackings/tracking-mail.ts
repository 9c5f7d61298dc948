import { INTL_LOCALES as INTL_LOCALE, type Language } from '../../../core/locale.ts';
import type { PlaceLanguage } from '../../../core/awards/places.ts';
import type { AwardItinerary, AwardQuery } from '../../../core/awards/search.ts';
import type { TrackingDiff } from '../../../core/awards/tracking.ts';
import { awardNames } from '../awards/index.ts';
import type { OutgoingMail } from '../mail/index.ts';
import { emailText, renderMail } from '../mail/index.ts';

/** Flights listed in the e-mail; the tracking's page shows the rest. */
const FLIGHTS_IN_MAIL = 5;

// Formatters are costly to make and a cycle writes hundreds of e-mails: one per language.
const dayFormats = new Map<Language, Intl.DateTimeFormat>();
const numberFormats = new Map<Language, Intl.NumberFormat>();

function day(language: Language, date: string): string {
  let format = dayFormats.get(language);
  if (!format)
    dayFormats.set(
      language,
      (format = new Intl.DateTimeFormat(INTL_LOCALE[language], {
        month: 'short',
        day: 'numeric',
        weekday: 'short',
        timeZone: 'UTC',
      })),
    );
  return format.format(new Date(`${date}T00:00:00Z`));
}

/** The tracked dates in words: one day, or the first and the last. */
export function datesText(language: Language, dates: AwardQuery['dates']): string {
  return dates.from === dates.to
    ? day(language, dates.from)
    : `${day(language, dates.from)} – ${day(language, dates.to)}`;
}

/** A local time written with its offset (2026-12-01T23:55+08:00) as the airport's clock shows it. */
function clock(language: Language, local: string): string {
  return `${day(language, local.slice(0, 10))} ${local.slice(11, 16)}`;
}

function number(language: Language, value: number): string {
  let format = numberFormats.get(language);
  if (!format) numberFormats.set(language, (format = new Intl.NumberFormat(INTL_LOCALE[language])));
  return format.format(value);
}

export interface TrackingMailInput {
  trackingId: string;
  /** The tracking's version after the change: with the id it names the change, and so the message. */
  version: number;
  language: Language;
  to: string;
  name: string;
  query: AwardQuery;
  keepTracking: boolean;
  kind: 'notified' | 'change-notified';
  diff: TrackingDiff;
  matchedFlights: number;
  /** The best matched flights, in order. */
  flights: readonly AwardItinerary[];
  /** The tracking's page, and the stop link's page and one-click address. */
  links: { tracking: string; stopPage: string; oneClick: string };
  /** The host of the Message-ID (the site's, or the sender's). */
  messageHost: string;
}

/**
 * The e-mail of a tracking change, in the member's language: the route, dates and cabin, the
 * flights with seats and the programmes that book them with their miles, a link to the flights,
 * and a stop link that needs no login; List-Unsubscribe headers (RFC 2369, one-click RFC 8058)
 * let the mail client stop the tracking too. Its Message-ID is the change's own.
 */
export function trackingMail(input: TrackingMailInput): OutgoingMail {
  const { language, query } = input;
  const lang: PlaceLanguage = language === 'ja' ? 'en' : language;
  const names = awardNames(input.flights, [query.origin, query.destination], lang);
  const city = (code: string) => names.places[code]?.city ?? code;
  const route = `${city(query.origin)} (${query.origin}) → ${city(query.destination)} (${query.destination})`;
  const dates = datesText(language, query.dates);
  const cabin = emailText(language, `cabins.${query.cabin}`);
  const t = (key: string, values: Record<string, string | number> = {}) =>
    emailText(language, `tracking.${key}`, values);

  const list = input.flights.slice(0, FLIGHTS_IN_MAIL).map((flight) => {
    const first = flight.legs[0];
    const last = flight.legs[flight.legs.length - 1];
    const flights = flight.legs.map((leg) => leg.flightNumber).join(' + ');
    const options = flight.redeemOptions
      .slice(0, 3)
      .map((option) =>
        t('option', {
          programme: names.programmes[option.programme] ?? option.programme,
          miles: number(language, option.miles),
          fees: number(language, option.feesUsd),
        }),
      )
      .join('; ');
    return t('flight', {
      flights,
      from: first?.from ?? query.origin,
      departure: first ? clock(language, first.departure) : '',
      to: last?.to ?? query.destination,
      arrival: last ? clock(language, last.arrival) : '',
      seats: flight.seats,
      options,
    });
  });
  const more = input.matchedFlights - Math.min(input.flights.length, FLIGHTS_IN_MAIL);

  const paragraphs = [
    t('greeting', { name: input.name }),
    t('what', { route, dates, cabin, seats: query.seats }),
    t('summary', {
      added: input.diff.flightsAdded,
      removed: input.diff.flightsRemoved,
      matched: input.matchedFlights,
    }),
  ];
  const closing = [
    ...(more > 0 ? [t('more', { count: more })] : []),
    input.keepTracking ? t('keepOn') : t('keepOff'),
  ];
  const rendered = renderMail({
    language,
    subject: t(input.kind === 'notified' ? 'subjectNotified' : 'subjectChanged', {
      origin: query.origin,
      destination: query.destination,
      dates,
    }),
    heading: t(input.kind === 'notified' ? 'headingNotified' : 'headingChanged'),
    paragraphs,
    list,
    closing,
    link: { label: t('button'), url: input.links.tracking },
    footerLink: { label: t('stop'), url: input.links.stopPage },
    footer: t('footer'),
  });
  return {
    ...rendered,
    to: input.to,
    language,
    template: `tracking_${input.kind}`,
    messageId: `<tracking-${input.trackingId}-v${input.version}@${input.messageHost}>`,
    headers: {
      'List-Unsubscribe': `<${input.links.oneClick}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
    topic: trackingTopic(input.trackingId),
  };
}

/** The outbox topic of a tracking's e-mails. */
export function trackingTopic(trackingId: string): string {
  return `tracking:${trackingId}`;
}
