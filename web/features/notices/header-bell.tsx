import { Suspense, lazy } from 'react';
import { useAuth } from '../auth/index.ts';

// Members only, in its own chunk: a visitor's page loads none of it.
const NoticeBell = lazy(() => import('./notice-bell.tsx'));

/** The bell for a signed-in member; nothing for a visitor. */
export function HeaderBell() {
  const { member, ready } = useAuth();
  if (!ready || !member) return null;
  return (
    <Suspense fallback={null}>
      {/* A new bell per member: another member signing in in this tab starts from their own. */}
      <NoticeBell key={member.account} />
    </Suspense>
  );
}
