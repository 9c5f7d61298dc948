import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { openAwardQuery } from '../../../core/awards/search.ts';
import { trackingMail } from './tracking-mail.ts';

/**
 * A tracking's e-mail is written in the member's language, whichever it is: the browser test
 * (e2e/tracking.test.ts) follows one in English and one in Traditional Chinese to the inbox, and
 * this checks the words of all three against each language's own catalog.
 */
const catalog = (language: string) =>
  JSON.parse(readFileSync(`locales/${language}/emails.json`, 'utf8')) as {
    tracking: Record<string, string>;
  };
const fill = (text: string | undefined, values: Record<string, string>) =>
  Object.entries(values).reduce(
    (line, [key, value]) => line.replaceAll(`{{${key}}}`, value),
    text ?? '',
  );

describe('a tracking e-mail', () => {
  it.each(['en', 'zh-Hant', 'zh-Hans'] as const)('is written in %s', (language) => {
    const mail = trackingMail({
      trackingId: '00000000-0000-4000-8000-000000000001',
      version: 2,
      language,
      to: 'mei@example.com',
      name: 'Mei',
      query: openAwardQuery({
        origin: 'TPE',
        destination: 'LAX',
        dates: { from: '2027-03-02', to: '2027-03-02' },
        cabin: 'business',
      }),
      keepTracking: true,
      kind: 'notified',
      diff: { flightsAdded: 2, flightsRemoved: 0, awardsAdded: 2, awardsRemoved: 0 },
      matchedFlights: 2,
      flights: [],
      links: {
        tracking: 'https://tripplus.test/awardplus/scraping/alert',
        stopPage: 'https://tripplus.test/awardplus/scraping/alert/stop?tracking=1&signature=s',
        oneClick: 'https://tripplus.test/api/trackings/stop?tracking=1&signature=s',
      },
      messageHost: 'tripplus.test',
    });
    const words = catalog(language).tracking;
    // The subject as the catalog words it, up to the date, which is written in the language's own way.
    const lead = fill(words.subjectNotified?.split('{{dates}}')[0], {
      origin: 'TPE',
      destination: 'LAX',
    });
    expect(mail.subject.startsWith(lead)).toBe(true);
    expect(mail.subject.length).toBeGreaterThan(lead.length);
    expect(mail.text).toContain(words.headingNotified);
    expect(mail.text).toContain(fill(words.greeting, { name: 'Mei' }));
    expect(mail.text).toContain(words.keepOn);
    expect(mail.language).toBe(language);
    expect(mail.headers?.['List-Unsubscribe']).toBe(
      '<https://tripplus.test/api/trackings/stop?tracking=1&signature=s>',
    );
  });
});
