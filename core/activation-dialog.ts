import { LIMITS } from './limits.ts';

/**
 * The activation dialog (docs/product/accounts.md#activation-dialog) as a pure state machine, so
 * its rules are tested apart from the screen. Statuses: 0 enter code, 1 resend confirmation,
 * 2 'check your mail', 3 contact us, 4 success, 5 activation failed, 6 resending failed.
 */
export type ActivationStatus = 0 | 1 | 2 | 3 | 4 | 5 | 6;

export interface ActivationState {
  status: ActivationStatus;
  /** 'Didn't receive the code' clicks since the last reset. */
  notReceivedClicks: number;
  /** When the last resend request was made (ms), or null before any. */
  lastResendAt: number | null;
}

export const INITIAL_ACTIVATION_STATE: ActivationState = {
  status: 0,
  notReceivedClicks: 0,
  lastResendAt: null,
};

/** 'Didn't receive the code': the resend confirmation, or contact-us after more than 3 clicks (the counter then resets). */
export function clickNotReceived(state: ActivationState): ActivationState {
  const clicks = state.notReceivedClicks + 1;
  if (clicks > LIMITS.activation.maxResendClicks)
    return { ...state, status: 3, notReceivedClicks: 0 };
  return { ...state, status: 1, notReceivedClicks: clicks };
}

/**
 * Confirming a resend: a request is due when none was made yet or the interval has passed;
 * otherwise the dialog shows 'check your mail' (2) without a new request.
 */
export function resendDecision(
  state: ActivationState,
  now: number,
  intervalMs: number = LIMITS.activation.resendIntervalMs,
): 'request' | 'skip' {
  return state.lastResendAt === null || now - state.lastResendAt > intervalMs ? 'request' : 'skip';
}

export function resendStarted(state: ActivationState, now: number): ActivationState {
  return { ...state, lastResendAt: now };
}

export function resendFinished(state: ActivationState, succeeded: boolean): ActivationState {
  return { ...state, status: succeeded ? 2 : 6 };
}

export function resendSkipped(state: ActivationState): ActivationState {
  return { ...state, status: 2 };
}

export function activationFinished(state: ActivationState, succeeded: boolean): ActivationState {
  return { ...state, status: succeeded ? 4 : 5 };
}

/** Retry after a failure, cancel after a failed resend, or back from a notice: enter the code again. */
export function backToCode(state: ActivationState): ActivationState {
  return { ...state, status: 0 };
}

export function showContact(state: ActivationState): ActivationState {
  return { ...state, status: 3 };
}
