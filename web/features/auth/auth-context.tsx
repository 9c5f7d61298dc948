import {
  Suspense,
  createContext,
  lazy,
  startTransition,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
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
  /**
   * Runs a member's action: at once for a member; for a visitor, after they sign in through the
   * login dialog (nothing when they close it). A click before /api/me has answered waits for the
   * answer, so a signed-in member is never shown the login dialog because they were quick.
   */
  requireMember(action: () => void, request?: LoginRequest): void;
  logOut(): Promise<void>;
}

interface MemberAction {
  action: () => void;
  request: LoginRequest;
}

const AuthContext = createContext<AuthState | null>(null);

export function AuthProvider({ children }: { children: ReactNode }) {
  const [member, setMember] = useState<Member | null>(null);
  const [ready, setReady] = useState(false);
  const [loginRequest, setLoginRequest] = useState<LoginRequest | null>(null);
  const [activation, setActivation] = useState<PendingActivation | null>(null);
  // What requireMember reads when called: the latest answer, and the action waiting for the first one.
  const known = useRef<{ member: Member | null; ready: boolean }>({ member: null, ready: false });
  known.current = { member, ready };
  const waiting = useRef<MemberAction | null>(null);

  useSocialSignInOutcome();

  const openLogin = useCallback((request: LoginRequest = {}) => setLoginRequest(request), []);
  const runAsMember = useCallback(
    ({ action, request }: MemberAction, signedIn: Member | null) => {
      if (signedIn) return action();
      openLogin({
        ...request,
        onClose: (done) => {
          request.onClose?.(done);
          if (done) action();
        },
      });
    },
    [openLogin],
  );
  const requireMember = useCallback(
    (action: () => void, request: LoginRequest = {}) => {
      if (known.current.ready) return runAsMember({ action, request }, known.current.member);
      waiting.current = { action, request };
    },
    [runAsMember],
  );

  // Who is signed in is asked after the page is up; the answer re-renders whatever depends on it
  // as a transition, in slices, so a long page stays responsive while it does.
  useEffect(() => {
    const settle = (signedIn: Member | null) => {
      startTransition(() => {
        setMember(signedIn);
        setReady(true);
      });
      const action = waiting.current;
      waiting.current = null;
      if (action) runAsMember(action, signedIn);
    };
    authApi
      .me()
      .then((answer) => settle(answer.member))
      .catch(() => settle(null));
  }, [runAsMember]);

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

  const state = useMemo(
    () => ({ member, ready, openLogin, requireMember, logOut }),
    [member, ready, openLogin, requireMember, logOut],
  );
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
    window.history.replaceState(
      window.history.state,
      '',
      `${url.pathname}${url.search}${url.hash}`,
    );
    const message =
      Number(code) === SOCIAL_CODES.earlyAdopter
        ? t('errors.EARLY_ADOPTER')
        : t('errors.SOCIAL_FAILED');
    void popup.show({ title: t('errors.title'), message, confirmLabel: t('popup.gotIt') });
  }, [t, popup]);
}

export function useAuth(): AuthState {
  const state = useContext(AuthContext);
  if (!state) throw new Error('useAuth needs an AuthProvider');
  return state;
}
