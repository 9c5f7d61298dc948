/**
 * Business constants and limits (docs/product/README.md#numbers-at-a-glance), in one place for the
 * web and the server.
 * Durations are in milliseconds unless the name says otherwise.
 */
/** Sponsorship plans (docs/product/sponsorship.md#plans-and-allowances): quotas and tracking days depend on them. */
export type Plan = 'member' | 'sponsor' | 'sponsor-more';

export const LIMITS = {
  activation: {
    resendIntervalMs: 2 * 60 * 1000,
    /** More than this many "didn't receive the code" clicks shows the contact-us view. */
    maxResendClicks: 3,
    codeLength: 5,
    autoSignInDelayMs: 5000,
  },
  input: {
    nicknameMax: 28,
    emailMax: 254,
    passwordMax: 64,
  },
  login: {
    /** Failed logins to one address within the window after which it needs the harder robot check. */
    failuresBeforeHardCheck: 5,
    failureWindowMs: 15 * 60 * 1000,
  },
  originCityCookieDays: 365,
  search: {
    visitorDaysPerMonth: 0,
    memberDaysPerMonth: 15,
    memberDaysPerSearch: 3,
    sponsorDaysPerSearch: 15,
    overLimitRetryHours: 24,
    /**
     * Searches a member may start in 24 hours before the over-usage-limit message
     * (docs/product/award-search.md#quotas). The number is our own choice; it keeps one account from
     * tying up the sources (docs/awards.md).
     */
    searchesPer24Hours: 60,
  },
  tracking: {
    /** A member who does not sponsor (the spec names no number): one trip of a day or two (docs/trackings.md). */
    memberDays: 2,
    sponsorDays: 5,
    sponsorMoreExtraDays: 10,
  },
  crediting: { firstPurchaseDelayHours: 24 },
  storefront: { maxProgrammes: 18, hotelProgrammes: 8 },
  mileage: {
    annualPurchaseCapMiles: 150_000,
    validityMonths: 24,
    partnerRedemptionFeeUsd: 12.5,
    freeChangeWindowHours: 24,
    seatHoldHours: 24,
    maxStopoverDays: 14,
  },
  wallet: { maxCards: 10, maxProgrammes: 6 },
  currencyChangeRedirectMs: 1500,
  chunkLoadTimeoutMs: 120_000,
  landingVisitEventDelayMs: 1000,
  /** The loading-bar plane travels within this many CSS pixels (docs/product/messages.md#loader). */
  loaderPlaneRangePx: 320,
} as const;
