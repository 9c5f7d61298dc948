import { useEffect, useState } from 'react';
import type { StaffConsole } from '../../../core/staff.ts';
import { ApiRequestError, apiGet } from '../../lib/api-client.ts';

/** Kept a short while, so moving between the console's pages asks once. */
const KEEP_MS = 30_000;
let kept: { at: number; answer: Promise<StaffConsole> } | null = null;

/**
 * The console's frame and dashboard (GET /api/admin/console, any staff role): the role that
 * decides the menu, and the figures of the dashboard. `forbidden` for a member who is not staff.
 */
export function useStaffConsole(signedIn: boolean): {
  console: StaffConsole | null;
  forbidden: boolean;
} {
  const [answer, setAnswer] = useState<StaffConsole | null>(null);
  const [forbidden, setForbidden] = useState(false);
  useEffect(() => {
    if (!signedIn) return;
    if (!kept || Date.now() - kept.at > KEEP_MS)
      kept = { at: Date.now(), answer: apiGet<StaffConsole>('/api/admin/console') };
    let current = true;
    kept.answer
      .then((value) => current && setAnswer(value))
      .catch((error: unknown) => {
        kept = null;
        if (current && error instanceof ApiRequestError && error.status === 403) setForbidden(true);
      });
    return () => {
      current = false;
    };
  }, [signedIn]);
  return { console: answer, forbidden };
}
