import type { PlaceLanguage } from '../../../core/awards/places.ts';
import type { AwardItinerary, AwardNames } from '../../../core/awards/search.ts';
import { airlines, programmes } from '../../../data/reference.ts';
import { placeOf } from './places.ts';

/**
 * The names of everything a list of results mentions, in the member's language: places, airlines
 * and programmes. Sent with the results so the page shows 長榮航空 rather than BR without
 * carrying the reference data in its bundle.
 */
export function awardNames(
  itineraries: readonly AwardItinerary[],
  places: readonly string[],
  language: PlaceLanguage,
  moreProgrammes: readonly string[] = [],
): AwardNames {
  const names: AwardNames = { places: {}, airlines: {}, programmes: {} };
  const addPlace = (code: string) => {
    if (names.places[code]) return;
    const place = placeOf(code, language);
    if (place) names.places[code] = { city: place.city, name: place.name };
  };
  places.forEach(addPlace);
  const addProgramme = (id: string) => {
    const programme = programmes().get(id);
    if (programme) names.programmes[id] = programme.name[language];
  };
  moreProgrammes.forEach(addProgramme);
  for (const itinerary of itineraries) {
    for (const leg of itinerary.legs) {
      addPlace(leg.from);
      addPlace(leg.to);
      const airline = airlines().get(leg.airline);
      if (airline) names.airlines[leg.airline] = airline.name[language];
    }
    for (const option of itinerary.redeemOptions) addProgramme(option.programme);
  }
  return names;
}
