import { describe, expect, it } from 'vitest';
import { AppError } from './errors.ts';

describe('errors by name', () => {
  it('take their status from the one table, a problem with a status of its own included', () => {
    expect(new AppError('NOT_FOUND').status).toBe(404);
    expect(new AppError('RECORD_CHANGED').status).toBe(409);
    expect(new AppError('IMAGE_REFUSED', { details: { problem: 'too-large' } }).status).toBe(413);
    expect(new AppError('IMAGE_REFUSED', { details: { problem: 'unreadable' } }).status).toBe(400);
  });
});
