import { describe, expect, it } from 'vitest';
import { addDays } from '../core/dated.ts';
import { dataFreshness, factsEndingWithin } from './freshness.ts';

describe('the freshness of data/', () => {
  it('shows no offer as current that had already ended when its record was checked (update the card when this fails)', () => {
    // Judged by each record's own check date, so the verdict is the same on any day the tests run.
    const wrong = dataFreshness('2026-11-28').flatMap((file) => file.endedWhenChecked);
    expect(
      wrong.map((fact) => `${fact.file} ${fact.record}: ${fact.what} ended ${fact.until}`),
    ).toEqual([]);
  });

  it('lists a current offer as ended from the day after its last day', () => {
    // Far ahead every current offer with a last day has ended; take one and read the data around it.
    const [offer] = dataFreshness('9999-12-31').flatMap((file) => file.expiredCurrent);
    expect(offer, 'data/ holds a current offer with a last day').toBeDefined();
    const expiredOn = (day: string) =>
      dataFreshness(day).flatMap((file) =>
        file.expiredCurrent.map((fact) => `${fact.file} ${fact.record}`),
      );
    expect(expiredOn(offer!.until)).not.toContain(`${offer!.file} ${offer!.record}`);
    expect(expiredOn(addDays(offer!.until, 1))).toContain(`${offer!.file} ${offer!.record}`);
  });

  it('counts every file’s records, its checks in the last 90 days and its oldest check', () => {
    const files = new Map(dataFreshness('2026-11-26').map((file) => [file.file, file]));
    expect(files.get('airlines.json')?.records).toBe(112);
    expect(files.get('airports.json')?.records).toBeGreaterThan(5000);
    expect(files.get('routes.json')?.records).toBeGreaterThan(4000);
    for (const file of files.values()) {
      expect({
        file: file.file,
        checks: file.checkedLast90Days <= file.records,
        dated: file.oldestCheck !== null,
      }).toEqual({ file: file.file, checks: true, dated: true });
    }
    // Read a year on, nothing was checked in the last 90 days.
    expect(dataFreshness('2027-12-01').reduce((sum, file) => sum + file.checkedLast90Days, 0)).toBe(
      0,
    );
  });

  it('names the facts that end soon: Asiana’s Star Alliance membership ends on 16 December 2026', () => {
    const ending = factsEndingWithin('2026-12-03', 14).map(
      (fact) => `${fact.file} ${fact.record} ${fact.until}`,
    );
    expect(ending).toContain('airlines.json OZ 2026-12-16');
    expect(factsEndingWithin('2026-12-01', 14).map((fact) => fact.record)).not.toContain('OZ');
    // The day after, it has ended and is no longer "ending".
    expect(factsEndingWithin('2026-12-17', 14).map((fact) => fact.record)).not.toContain('OZ');
  });
});
