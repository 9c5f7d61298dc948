// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { readOriginCity } from '../../lib/travel-preferences.ts';
import {
  checkForm,
  emptyForm,
  lastSearch,
  rememberSearch,
  seatsFor,
  toRequest,
  type PlaceChoice,
} from './search-form.ts';

const TPE: PlaceChoice = {
  code: 'TPE',
  kind: 'metro',
  name: '臺北',
  city: '臺北',
  asciiCity: 'Taipei',
  country: 'TW',
};
const LAX: PlaceChoice = {
  code: 'LAX',
  kind: 'airport',
  name: 'Los Angeles International Airport',
  city: 'Los Angeles',
  asciiCity: 'Los Angeles',
  country: 'US',
};
const TODAY = '2026-11-21';

describe('the search panel’s form', () => {
  it('names each field that is missing or wrong, by the API’s own rules', async () => {
    const form = {
      ...emptyForm(TODAY),
      dateMode: 'range' as const,
      startDate: '2026-11-20',
      endDate: '2026-11-19',
      flightNumber: 'B1',
      airlines: ['BRX'],
    };
    expect(await checkForm(form, 3, TODAY)).toEqual({
      origin: 'panel.problems.origin',
      destination: 'panel.problems.destination',
      startDate: 'panel.problems.past',
      endDate: 'panel.problems.endBeforeStart',
      flightNumber: 'panel.problems.flightNumber',
      airlines: 'panel.problems.airlines',
    });
    expect(
      await checkForm({ ...emptyForm(TODAY), origin: TPE, destination: TPE }, 3, TODAY),
    ).toEqual({ destination: 'panel.problems.samePlace' });
  });

  it('holds a member to their plan’s days per search', async () => {
    const form = {
      ...emptyForm(TODAY),
      origin: TPE,
      destination: LAX,
      dateMode: 'range' as const,
      startDate: '2026-12-01',
      endDate: '2026-12-04',
    };
    expect(await checkForm(form, 3, TODAY)).toEqual({ endDate: 'panel.problems.tooManyDays' });
    expect(await checkForm(form, 15, TODAY)).toEqual({});
  });

  it('becomes the API request: a single day is its own range, mixed cabin sends its share only when allowed', () => {
    const form = {
      ...emptyForm(TODAY),
      origin: TPE,
      destination: LAX,
      startDate: '2026-12-01',
      endDate: '2026-12-09',
      flightNumber: ' br12 ',
      mixedCabin: false,
    };
    expect(toRequest(form)).toMatchObject({
      origin: 'TPE',
      destination: 'LAX',
      startDate: '2026-12-01',
      endDate: '2026-12-01',
      flightNumber: 'BR12',
      minCabinPercent: 0,
      live: false,
    });
    expect(toRequest({ ...form, mixedCabin: true, minCabinPercent: 60 }, true)).toMatchObject({
      mixedCabin: true,
      minCabinPercent: 60,
      live: true,
    });
  });

  it('keeps a seat choice the new cabin offers, and goes back to any otherwise', () => {
    expect(seatsFor('economy', 4)).toBe(4);
    expect(seatsFor('economy', 2)).toBe(1);
    expect(seatsFor('first', 2)).toBe(2);
  });

  it('remembers the last search and the origin city in cookies, moving past dates forward', () => {
    rememberSearch({
      ...emptyForm('2026-10-01'),
      origin: TPE,
      destination: LAX,
      dateMode: 'range',
      startDate: '2026-10-10',
      endDate: '2026-10-12',
      cabin: 'first',
    });
    expect(readOriginCity()).toEqual({
      asciiName: 'Taipei',
      countryCode: 'TW',
      displayName: '臺北',
    });
    const last = lastSearch(TODAY);
    expect(last).toMatchObject({
      origin: TPE,
      destination: LAX,
      cabin: 'first',
      dateMode: 'range',
      startDate: '2026-12-05',
      endDate: '2026-12-07',
    });
  });
});
