import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { createTestDatabase } from '../../test/database.ts';
import { nextReceiptNumber } from './payments.service.ts';

let database: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ database, drop } = await createTestDatabase());
});
afterAll(() => drop());

const take = () =>
  database.db.transaction((tx) =>
    nextReceiptNumber(tx as unknown as Parameters<typeof nextReceiptNumber>[0]),
  );

describe('receipt numbers', () => {
  it("run without a gap when a payment's transaction fails after taking one", async () => {
    const first = await take();
    await expect(
      database.db.transaction(async (tx) => {
        await nextReceiptNumber(tx as unknown as Parameters<typeof nextReceiptNumber>[0]);
        throw new Error('the process died before the payment was saved');
      }),
    ).rejects.toThrow('the process died');
    expect(await take()).toBe(first + 1);
  });

  it('never hand one number to two payments paid at the same moment', async () => {
    const before = await take();
    const numbers = await Promise.all(Array.from({ length: 12 }, () => take()));
    expect([...numbers].sort((a, b) => a - b)).toEqual(
      Array.from({ length: 12 }, (_, index) => before + 1 + index),
    );
  });
});
