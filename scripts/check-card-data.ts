/**
 * Checks the card data (data/cards/, data/points-currencies/ and the files beside them) and
 * prints what it holds: `npx tsx scripts/check-card-data.ts`. Used while editing the data; the
 * test suite runs the same checks.
 */
import { loadCardDataWithProblems } from '../data/cards.ts';

const { data, problems } = loadCardDataWithProblems();
const byCountry = (country: string) => data.cards.filter((card) => card.country === country);
const banks = (country: string) =>
  [...new Set(byCountry(country).map((card) => card.bank))].map(
    (bank) => `${bank} ${byCountry(country).filter((card) => card.bank === bank).length}`,
  );
console.log(
  `cards: US ${byCountry('US').length} (${banks('US').join(', ')}), TW ${byCountry('TW').length} (${banks('TW').join(', ')})`,
);
console.log(
  `currencies ${data.currencies.size}, hotel programmes ${data.hotelProgrammes.size}, savings accounts ${data.savingsAccounts.length}`,
);
if (problems.length > 0) {
  console.log(problems.join('\n'));
  process.exitCode = 1;
}
