import { describe, expect, it } from 'vitest';
import { isTimeZone } from '../core/awards/zoned-time.ts';
import {
  allianceOn,
  airlines,
  airports,
  awardCharts,
  greatCircleMiles,
  metros,
  programmeAllianceOn,
  programmes,
  routes,
} from './reference.ts';

describe('airports', () => {
  it('cover at least 600 airports, each with an IANA zone, coordinates and an ISO country', () => {
    const all = [...airports().values()];
    expect(all.length).toBeGreaterThanOrEqual(600);
    for (const airport of all) {
      expect({
        iata: airport.iata,
        ok:
          /^[A-Z]{3}$/.test(airport.iata) &&
          /^[A-Z]{2}$/.test(airport.country) &&
          isTimeZone(airport.tz) &&
          Math.abs(airport.lat) <= 90 &&
          Math.abs(airport.lon) <= 180,
      }).toEqual({ iata: airport.iata, ok: true });
    }
  });

  it('name at least 150 of the busiest in both Chinese scripts', () => {
    const named = [...airports().values()].filter((airport) => airport.zh && airport.cityZh);
    expect(named.length).toBeGreaterThanOrEqual(150);
    expect(airports().get('TPE')?.zh?.['zh-Hant']).toContain('桃園');
    expect(airports().get('TPE')?.cityZh).toEqual({ 'zh-Hant': '臺北', 'zh-Hans': '台北' });
    expect(airports().get('LAX')?.cityZh?.['zh-Hans']).toBe('洛杉矶');
  });

  it('use current ISO country codes, never withdrawn ones such as FX or UK', () => {
    expect(airports().get('CDG')?.country).toBe('FR');
    expect(airports().get('LHR')?.country).toBe('GB');
    const withdrawn = new Set([
      'AN',
      'BU',
      'CS',
      'DD',
      'DY',
      'FX',
      'HV',
      'NH',
      'SU',
      'TP',
      'UK',
      'YU',
      'ZR',
    ]);
    expect(
      [...airports().values()]
        .filter((airport) => withdrawn.has(airport.country))
        .map((airport) => airport.iata),
    ).toEqual([]);
  });

  it('carry the corrections the dataset predates', () => {
    expect(airports().get('IST')?.name).toBe('Istanbul Airport');
    expect(airports().get('PKX')?.tz).toBe('Asia/Shanghai');
    expect(airports().has('TXL')).toBe(false);
  });

  it('group city airports under metro codes', () => {
    expect([...(metros().get('TPE')?.airports ?? [])].sort()).toEqual(['TPE', 'TSA']);
    expect([...(metros().get('TYO')?.airports ?? [])].sort()).toEqual(['HND', 'NRT']);
    expect([...(metros().get('NYC')?.airports ?? [])].sort()).toEqual(['EWR', 'JFK', 'LGA']);
    for (const metro of metros().values())
      for (const code of metro.airports) expect(airports().has(code)).toBe(true);
  });

  it('measure great-circle distance on a 3,958.8-mile sphere', () => {
    const quarterMeridian = (Math.PI / 2) * 3958.8;
    expect(greatCircleMiles({ lat: 0, lon: 0 }, { lat: 90, lon: 0 })).toBeCloseTo(
      quarterMeridian,
      6,
    );
    expect(greatCircleMiles({ lat: 0, lon: 0 }, { lat: 0, lon: 180 })).toBeCloseTo(
      2 * quarterMeridian,
      6,
    );
    const tpe = airports().get('TPE')!;
    const lax = airports().get('LAX')!;
    expect(greatCircleMiles(tpe, tpe)).toBe(0);
    expect(greatCircleMiles(tpe, lax)).toBeCloseTo(greatCircleMiles(lax, tpe), 9);
    // Taipei–Los Angeles is a long-haul of about 6,800 miles; Taipei–Tokyo Narita about 1,350.
    expect(greatCircleMiles(tpe, lax)).toBeGreaterThan(6700);
    expect(greatCircleMiles(tpe, lax)).toBeLessThan(6850);
    expect(greatCircleMiles(tpe, airports().get('NRT')!)).toBeLessThan(1400);
  });
});

describe('airlines and programmes', () => {
  it('list every alliance member on the day asked among at least 100 airlines', () => {
    const all = [...airlines().values()];
    expect(all.length).toBeGreaterThanOrEqual(100);
    const count = (alliance: string, day: string) =>
      all.filter((airline) => allianceOn(airline, day) === alliance).length;
    // ITA Airways joined Star Alliance and Hawaiian oneworld in spring 2026; Asiana leaves Star Alliance on 16 December 2026.
    expect([
      count('star', '2026-11-26'),
      count('oneworld', '2026-11-26'),
      count('skyteam', '2026-11-26'),
    ]).toEqual([26, 16, 18]);
    expect([
      count('star', '2026-12-17'),
      count('oneworld', '2026-12-17'),
      count('skyteam', '2026-12-17'),
    ]).toEqual([25, 16, 18]);
    expect([count('star', '2026-01-15'), count('oneworld', '2026-01-15')]).toEqual([25, 15]);
    expect(airlines().get('BR')).toMatchObject({ name: { 'zh-Hant': '長榮航空' } });
    expect(allianceOn(airlines().get('BR')!, '2026-11-26')).toBe('star');
    expect(allianceOn(airlines().get('CI')!, '2026-11-26')).toBe('skyteam');
    expect(allianceOn(airlines().get('CX')!, '2026-11-26')).toBe('oneworld');
  });

  it('date Asiana’s exit from Star Alliance: a member on 16 December 2026, in no alliance from the 17th', () => {
    const asiana = airlines().get('OZ')!;
    expect(allianceOn(asiana, '2026-12-16')).toBe('star');
    expect(allianceOn(asiana, '2026-12-17')).toBeNull();
    expect(programmeAllianceOn('asiana-club', '2026-12-16')).toBe('star');
    expect(programmeAllianceOn('asiana-club', '2026-12-17')).toBeNull();
  });

  it('keep each airline’s memberships in order, without overlap, each dated change naming its page', () => {
    for (const airline of airlines().values()) {
      const dated = airline.memberships.filter(
        (membership) => membership.since || membership.until,
      );
      for (const membership of dated)
        expect({ iata: airline.iata, source: /^https:\/\//.test(membership.source ?? '') }).toEqual(
          { iata: airline.iata, source: true },
        );
      airline.memberships.forEach((membership, index) => {
        const before = airline.memberships[index - 1];
        if (before)
          expect({
            iata: airline.iata,
            ordered: Boolean(before.until && membership.since && before.until < membership.since),
          }).toEqual({ iata: airline.iata, ordered: true });
      });
    }
  });

  it('name every airline in three languages, with hubs that are real airports and programmes that exist', () => {
    for (const airline of airlines().values()) {
      expect({
        iata: airline.iata,
        names: [airline.name.en, airline.name['zh-Hant'], airline.name['zh-Hans']].every(
          (name) => name.trim().length > 0,
        ),
      }).toEqual({ iata: airline.iata, names: true });
      for (const hub of airline.hubs)
        expect({ iata: airline.iata, hub, known: airports().has(hub) }).toEqual({
          iata: airline.iata,
          hub,
          known: true,
        });
      if (airline.programme)
        expect({ iata: airline.iata, programme: programmes().has(airline.programme) }).toEqual({
          iata: airline.iata,
          programme: true,
        });
    }
  });

  it('tie every programme to an airline that exists', () => {
    for (const programme of programmes().values())
      expect({ id: programme.id, owner: airlines().has(programme.airline) }).toEqual({
        id: programme.id,
        owner: true,
      });
  });
});

describe('the route network', () => {
  const pairsOf = (airline: string) =>
    new Set(
      routes()
        .filter((route) => route.airline === airline)
        .map((route) => [route.from, route.to].sort().join('-')),
    );

  it('joins known airports for known airlines, with weekly frequencies from 1 to 70', () => {
    expect(routes().length).toBeGreaterThan(3000);
    for (const route of routes()) {
      const ok =
        airlines().has(route.airline) &&
        airports().has(route.from) &&
        airports().has(route.to) &&
        route.from !== route.to;
      expect({
        route,
        ok:
          ok &&
          Number.isInteger(route.weeklyFrequency) &&
          route.weeklyFrequency >= 1 &&
          route.weeklyFrequency <= 70,
      }).toEqual({ route, ok: true });
    }
  });

  it('has the Taiwan – North America routes this product’s members fly most', () => {
    for (const pair of ['LAX-TPE', 'SFO-TPE', 'SEA-TPE', 'JFK-TPE', 'TPE-YVR'])
      expect(pairsOf('BR').has(pair)).toBe(true);
    for (const pair of ['LAX-TPE', 'ONT-TPE', 'SFO-TPE'])
      expect(pairsOf('CI').has(pair)).toBe(true);
    for (const pair of ['LAX-TPE', 'SFO-TPE', 'SEA-TPE'])
      expect(pairsOf('JX').has(pair)).toBe(true);
    expect(pairsOf('UA').has('SFO-TPE')).toBe(true);
    expect(pairsOf('DL').has('SEA-TPE')).toBe(true);
  });

  it('serves Songshan only to Haneda, Gimpo, Hongqiao and domestic airports', () => {
    const allowed = new Set(['HND', 'GMP', 'SHA']);
    for (const route of routes().filter((item) => item.from === 'TSA' || item.to === 'TSA')) {
      const other = route.from === 'TSA' ? route.to : route.from;
      expect({ route, ok: allowed.has(other) || airports().get(other)?.country === 'TW' }).toEqual({
        route,
        ok: true,
      });
    }
  });

  it('has no pair twice for one airline', () => {
    const seen = new Set<string>();
    for (const route of routes()) {
      const key = `${route.airline}:${[route.from, route.to].sort().join('-')}`;
      expect(seen.has(key)).toBe(false);
      seen.add(key);
    }
  });
});

describe('award charts', () => {
  it('cover the programmes the issue names, each tied to real programmes and airlines', () => {
    const expected = [
      'united-mileageplus',
      'aeroplan',
      'ana-mileage-club',
      'avianca-lifemiles',
      'eva-infinity',
      'ba-avios',
      'aadvantage',
      'alaska-atmos',
      'asia-miles',
      'jal-mileage-bank',
      'flying-blue',
    ];
    for (const id of expected)
      expect({ id, charted: awardCharts().has(id), known: programmes().has(id) }).toEqual({
        id,
        charted: true,
        known: true,
      });
    for (const chart of awardCharts().values()) {
      for (const airline of [
        ...chart.bookable.airlines,
        ...Object.keys(chart.fees.carrierSurchargePerSegment),
      ]) {
        expect({ chart: chart.programme, airline, known: airlines().has(airline) }).toEqual({
          chart: chart.programme,
          airline,
          known: true,
        });
      }
    }
  });

  it('have ascending distance bands and zone prices that name their own regions', () => {
    const prices = (row: Record<string, unknown>) =>
      ['economy', 'premium', 'business', 'first'].map((cabin) => row[cabin]);
    for (const chart of awardCharts().values()) {
      if (chart.pricing === 'distance') {
        const edges = (chart.bands ?? []).map((band) => band.maxMiles ?? Infinity);
        expect({
          chart: chart.programme,
          ascending: edges.every((edge, index) => index === 0 || edge > (edges[index - 1] ?? 0)),
        }).toEqual({ chart: chart.programme, ascending: true });
      } else {
        const regions = new Set(Object.keys(chart.regions ?? {}));
        for (const row of chart.zonePrices ?? []) {
          expect({
            chart: chart.programme,
            from: row.from,
            ok:
              (regions.has(row.from) || row.from === '*') &&
              (regions.has(row.to) || row.to === '*'),
          }).toEqual({ chart: chart.programme, from: row.from, ok: true });
        }
        for (const region of Object.values(chart.regions ?? {}))
          for (const code of region.airports ?? []) expect(airports().has(code)).toBe(true);
      }
      for (const row of [...(chart.bands ?? []), ...(chart.zonePrices ?? [])]) {
        for (const price of prices(row))
          expect(price === null || (Number.isInteger(price) && (price as number) > 0)).toBe(true);
      }
    }
  });
});
