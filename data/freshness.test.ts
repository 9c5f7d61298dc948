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

  it('counts only a record’s own check date: a file’s date never stands for its records', () => {
    const files = new Map(dataFreshness('2026-11-28').map((file) => [file.file, file]));
    expect(files.get('airlines.json')?.records).toBe(112);
    expect(files.get('airports.json')?.records).toBeGreaterThan(5000);
    // airports.json has a dataset date but no airport was checked on its own.
    expect(files.get('airports.json')).toMatchObject({
      ownCheck: 0,
      checkedLast90Days: 0,
      oldestCheck: null,
    });
    expect(files.get('airports.json')?.neverChecked).toHaveLength(
      files.get('airports.json')!.records,
    );
    for (const file of files.values()) {
      expect({
        file: file.file,
        sums:
          file.ownCheck + file.neverChecked.length === file.records &&
          file.checkedLast90Days <= file.ownCheck,
      }).toEqual({ file: file.file, sums: true });
    }
    // A card and its welcome offer are two records, each with its own date; a transfer row is one record.
    expect(files.get('cards/us-chase-amex.json')?.records).toBeGreaterThan(41);
    expect(files.get('points-currencies/us.json')?.records).toBeGreaterThan(100);
    // Read a year on, nothing was checked in the last 90 days.
    expect(dataFreshness('2027-12-01').reduce((sum, file) => sum + file.checkedLast90Days, 0)).toBe(
      0,
    );
  });

  it('finds no end date written only in words (put the day in the record’s until or end when this fails)', () => {
    const prose = dataFreshness('2026-11-28').flatMap((file) =>
      file.proseEndDates.map(
        (found) => `${file.file} ${found.record} ${found.field}: ${found.day}`,
      ),
    );
    expect(prose).toEqual([]);
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
