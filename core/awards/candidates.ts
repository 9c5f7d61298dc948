/**
 * The candidate itineraries of one award search (core/awards/engine.ts) while it searches, before
 * the whole-itinerary rules and prices pass over them.
 */

/** An itinerary being described: flight-day ids and the cabin index flown on each. */
export interface Candidate {
  days: number[];
  cabins: number[];
}

/**
 * The candidate itineraries while searching, flat: three flight-day slots (−1 past the last leg)
 * and three cabin slots each. A busy two-stop search finds over a hundred thousand; an object and
 * two arrays for each were its largest cost.
 */
export class Candidates {
  days = new Int32Array(3 * 1024);
  cabins = new Uint8Array(3 * 1024);
  legs = new Uint8Array(1024);
  count = 0;

  add(legs: number, day1: number, cabin1: number, day2 = -1, cabin2 = 0, day3 = -1, cabin3 = 0) {
    if (this.count === this.legs.length) {
      const days = new Int32Array(this.days.length * 2);
      days.set(this.days);
      this.days = days;
      const cabins = new Uint8Array(this.cabins.length * 2);
      cabins.set(this.cabins);
      this.cabins = cabins;
      const counts = new Uint8Array(this.legs.length * 2);
      counts.set(this.legs);
      this.legs = counts;
    }
    const at = this.count * 3;
    this.days[at] = day1;
    this.days[at + 1] = day2;
    this.days[at + 2] = day3;
    this.cabins[at] = cabin1;
    this.cabins[at + 1] = cabin2;
    this.cabins[at + 2] = cabin3;
    this.legs[this.count] = legs;
    this.count += 1;
  }

  /** One candidate as arrays, for the few that are priced afresh or described. */
  of(index: number): Candidate {
    const legs = this.legs[index] as number;
    const at = index * 3;
    const days: number[] = [];
    const cabins: number[] = [];
    for (let leg = 0; leg < legs; leg += 1) {
      days.push(this.days[at + leg] as number);
      cabins.push(this.cabins[at + leg] as number);
    }
    return { days, cabins };
  }

  /** Orders two candidates by their flight-day ids, leg by leg (a missing leg first). */
  compare(a: number, b: number): number {
    for (let leg = 0; leg < 3; leg += 1) {
      const difference = (this.days[a * 3 + leg] as number) - (this.days[b * 3 + leg] as number);
      if (difference !== 0) return difference;
    }
    return 0;
  }
}
