import { describe, expect, it } from 'vitest';
import {
  INITIAL_ACTIVATION_STATE,
  activationFinished,
  backToCode,
  clickNotReceived,
  resendDecision,
  resendFinished,
  resendSkipped,
  resendStarted,
} from './activation-dialog.ts';

describe('the activation dialog rules (docs/product/accounts.md#activation-dialog)', () => {
  it('asks to confirm a resend for the first three "did not receive" clicks, then shows contact-us and resets the count', () => {
    let state = INITIAL_ACTIVATION_STATE;
    for (let click = 1; click <= 3; click += 1) {
      state = clickNotReceived(backToCode(state));
      expect(state).toMatchObject({ status: 1, notReceivedClicks: click });
    }
    state = clickNotReceived(backToCode(state));
    expect(state).toMatchObject({ status: 3, notReceivedClicks: 0 });
    expect(clickNotReceived(backToCode(state))).toMatchObject({ status: 1, notReceivedClicks: 1 });
  });

  it('requests a resend the first time and after more than 2 minutes, otherwise only says check your mail', () => {
    const start = 1_000_000;
    let state = INITIAL_ACTIVATION_STATE;
    expect(resendDecision(state, start)).toBe('request');
    state = resendFinished(resendStarted(state, start), true);
    expect(state.status).toBe(2);
    expect(resendDecision(state, start + 60_000)).toBe('skip');
    expect(resendDecision(state, start + 120_000)).toBe('skip');
    expect(resendDecision(state, start + 120_001)).toBe('request');
    expect(resendSkipped(state).status).toBe(2);
  });

  it('goes to 6 when resending fails, 4 on success, 5 on failure, and retry returns to 0', () => {
    expect(resendFinished(INITIAL_ACTIVATION_STATE, false).status).toBe(6);
    expect(activationFinished(INITIAL_ACTIVATION_STATE, true).status).toBe(4);
    const failed = activationFinished(INITIAL_ACTIVATION_STATE, false);
    expect(failed.status).toBe(5);
    expect(backToCode(failed).status).toBe(0);
  });
});
