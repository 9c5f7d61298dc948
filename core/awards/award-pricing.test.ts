import { describe, expect, it } from 'vitest';
import { awardCharts } from '../../data/reference.ts';
import { priceAward, regionOf, type PricedLeg } from './award-pricing.ts';

const chart = (id: string) => {
  const found = awardCharts().get(id);
  if (!found) throw new Error(`no chart ${id}`);
  return found;
};

const leg = (
  airline: string,
  alliance: PricedLeg['alliance'],
  from: string,
  fromCountry: string,
  to: string,
  toCountry: string,
  miles: number,
): PricedLeg => ({
  airline,
  alliance,
  from: { airport: from, country: fromCountry },
  to: { airport: to, country: toCountry },
  miles,
});

describe('pricing with the award charts (hand-checked against data/award-charts.json)', () => {
  it('Avios prices each segment by its distance band and adds each carrier’s surcharge', () => {
    // TPE–HKG 500 mi (band ≤650: 12,500 business) + HKG–LHR 5,990 mi (band ≤6,500: 92,750 business).
    const legs = [
      leg('CX', 'oneworld', 'TPE', 'TW', 'HKG', 'HK', 500),
      leg('CX', 'oneworld', 'HKG', 'HK', 'LHR', 'GB', 5990),
    ];
    expect(priceAward(chart('ba-avios'), legs, 'business')).toMatchObject({
      programme: 'ba-avios',
      miles: 105_250,
      feesUsd: 2 * 20 + 2 * 50,
      halfOfRoundTrip: false,
    });
    expect(priceAward(chart('ba-avios'), legs, 'business')?.basis.kind).toBe('distance');
    // Exactly on a band edge stays in the lower band: 650 mi economy is 6,000.
    expect(
      priceAward(
        chart('ba-avios'),
        [leg('AY', 'oneworld', 'HEL', 'FI', 'ARN', 'SE', 650)],
        'economy',
      )?.miles,
    ).toBe(6000);
  });

  it('EVA prices Taiwan to the Americas by zone, with the higher zone for New York, both ways', () => {
    const toLax = [leg('BR', 'star', 'TPE', 'TW', 'LAX', 'US', 6787)];
    expect(priceAward(chart('eva-infinity'), toLax, 'business')).toMatchObject({
      programme: 'eva-infinity',
      miles: 75_000,
      feesUsd: 20 + 80,
      halfOfRoundTrip: false,
    });
    expect(priceAward(chart('eva-infinity'), toLax, 'business')?.basis).toMatchObject({
      kind: 'zone',
      from: 'TW',
      to: 'AMER',
    });
    expect(
      priceAward(
        chart('eva-infinity'),
        [leg('BR', 'star', 'TPE', 'TW', 'JFK', 'US', 7800)],
        'business',
      )?.miles,
    ).toBe(80_000);
    expect(
      priceAward(
        chart('eva-infinity'),
        [leg('BR', 'star', 'LAX', 'US', 'TPE', 'TW', 6787)],
        'economy',
      )?.miles,
    ).toBe(50_000);
    expect(regionOf(chart('eva-infinity'), { airport: 'JFK', country: 'US' })).toBe('AMER2');
  });

  it('Aeroplan prices by zone and total distance, plus its partner booking fee', () => {
    const region = regionOf(chart('aeroplan'), { airport: 'TPE', country: 'TW' });
    expect(region).toBe('PA');
    // North America to Pacific, 6,457 miles: the 5,001–7,500 band, 75,000 in business.
    const sfoTpe = [leg('UA', 'star', 'SFO', 'US', 'TPE', 'TW', 6457)];
    expect(priceAward(chart('aeroplan'), sfoTpe, 'business')).toMatchObject({
      programme: 'aeroplan',
      miles: 75_000,
      feesUsd: 29 + 20,
      halfOfRoundTrip: false,
    });
    // Within North America, 400 miles: 6,000 in economy.
    expect(
      priceAward(chart('aeroplan'), [leg('AC', 'star', 'YVR', 'CA', 'SEA', 'US', 400)], 'economy')
        ?.miles,
    ).toBe(6000);
  });

  it('offers nothing a programme cannot book, or a cabin its chart does not sell', () => {
    expect(
      priceAward(
        chart('ba-avios'),
        [leg('BR', 'star', 'TPE', 'TW', 'LAX', 'US', 6787)],
        'business',
      ),
    ).toBeNull();
    expect(
      priceAward(chart('aeroplan'), [leg('UA', 'star', 'SFO', 'US', 'TPE', 'TW', 6457)], 'premium'),
    ).toBeNull();
    // A mixed-alliance itinerary is bookable by no single alliance programme.
    const mixed = [
      leg('UA', 'star', 'SFO', 'US', 'NRT', 'JP', 5130),
      leg('JL', 'oneworld', 'NRT', 'JP', 'TPE', 'TW', 1355),
    ];
    expect(priceAward(chart('aeroplan'), mixed, 'economy')).toBeNull();
  });

  it('halves a round-trip-only chart for a one-way search, and says so', () => {
    // ANA sold partner awards round trip only until June 2025; its chart of that time, as a round-trip chart.
    const ana = { ...chart('ana-mileage-club'), oneWay: false };
    const priced = priceAward(ana, [leg('UA', 'star', 'SFO', 'US', 'TPE', 'TW', 6457)], 'economy');
    expect(priced?.halfOfRoundTrip).toBe(true);
    expect(priced && priced.miles > 0).toBe(true);
  });
});
