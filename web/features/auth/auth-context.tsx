import { Suspense, createContext, lazy, startTransition, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { Member } from '../../../core/auth-contract.ts';
import { SOCIAL_CODES } from '../../../core/auth.ts';
import { useTranslation } from '../../lib/translation.tsx';
import { usePopup } from '../../components/message-popup.tsx';
import { authApi } from './auth-api.ts';
import type { LoginRequest, PendingActivation } from './auth-types.ts';

// The dialogs load on first use, so the landing page does not carry them.
const AuthDialogs = lazy(() => import('./auth-dialogs.tsx'));

interface AuthState {
  /** The signed-in member (docs/product/accounts.md#profile), null for a visitor. */
  member: Member | null;
  /** False until the first answer of /api/me. */
  ready: boolean;
  openLogin(request?: LoginRequest): void;
  logOut(): Promise<void>;
}

const AuthContext = createContext<AuthState | null>(null);

export function AuthProvider({ children }: { children: ReactNode }) {
  const [member, setMember] = useState<Member | null>(null);
  const [ready, setReady] = useState(false);
  const [loginRequest, setLoginRequest] = useState<LoginRequest | null>(null);
  const [activation, setActivation] = useState<PendingActivation | null>(null);

  useSocialSignInOutcome();

  // Who is signed in is asked after the page is up; the answer re-renders whatever depends on it
  // as a transition, in slices, so a long page stays responsive while it does.
  useEffect(() => {
    const settle = (signedIn: Member | null) =>
      startTransition(() => {
        setMember(signedIn);
        setReady(true);
      });
    authApi
      .me()
      .then((answer) => settle(answer.member))
      .catch(() => settle(null));
  }, []);

  const openLogin = useCallback((request: LoginRequest = {}) => setLoginRequest(request), []);
  const logOut = useCallback(async () => {
    await authApi.logOut().catch(() => undefined);
    setMember(null);
  }, []);

  const closeLogin = useCallback(
    (signedIn: boolean) => {
      const request = loginRequest;
      setLoginRequest(null);
      request?.onClose?.(signedIn);
    },
    [loginRequest],
  );

  const state = useMemo(() => ({ member, ready, openLogin, logOut }), [member, ready, openLogin, logOut]);
  return (
    <AuthContext.Provider value={state}>
      {children}
      {(loginRequest || activation) && (
        <Suspense fallback={null}>
          <AuthDialogs
            loginRequest={loginRequest}
            activation={activation}
            onSignedIn={(signedIn) => {
              setMember(signedIn);
              setActivation(null);
              closeLogin(true);
            }}
            onCloseLogin={() => closeLogin(false)}
            onNeedActivation={(pending) => setActivation(pending)}
            onCloseActivation={() => setActivation(null)}
          />
        </Suspense>
      )}
    </AuthContext.Provider>
  );
}

/**
 * Social sign-in comes back to the page it started from, with `?social_error=` when it failed: -103
 * is the early-adopter notice, anything else 'login failed'
 * (docs/product/accounts.md#result-codes). The parameter is then removed from the address.
 */
function useSocialSignInOutcome() {
  const { t } = useTranslation();
  const popup = usePopup();
  useEffect(() => {
    const url = new URL(window.location.href);
    const code = url.searchParams.get('social_error');
    if (code === null) return;
    url.searchParams.delete('social_error');
    window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
    const message = Number(code) === SOCIAL_CODES.earlyAdopter ? t('errors.EARLY_ADOPTER') : t('errors.SOCIAL_FAILED');
    void popup.show({ title: t('errors.title'), message, confirmLabel: t('popup.gotIt') });
  }, [t, popup]);
}

export function useAuth(): AuthState {
  const state = useContext(AuthContext);
  if (!state) throw new Error('useAuth needs an AuthProvider');
  return state;
}
