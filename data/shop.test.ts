import { describe, expect, it } from 'vitest';
import { loadShopDataWithProblems, missingPictures } from './shop.ts';

describe('the shop data', () => {
  it('loads without a problem, with at least twelve products each naming its source and check day', () => {
    const { data, problems } = loadShopDataWithProblems();
    expect(problems).toEqual([]);
    expect(data.products.length).toBeGreaterThanOrEqual(12);
    for (const product of data.products) expect(product.checked).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(data.rules.destinations.map((destination) => destination.country).sort()).toEqual([
      'TW',
      'US',
    ]);
  });

  it('has both sizes of every picture it names', () => {
    expect(missingPictures(loadShopDataWithProblems().data)).toEqual([]);
  });
});
