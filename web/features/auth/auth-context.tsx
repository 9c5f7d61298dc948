import { Suspense, createContext, lazy, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { Member } from '../../../core/auth.ts';
import { authApi } from './auth-api.ts';

// The dialogs load on first use, so the landing page does not carry them.
const AuthDialogs = lazy(() => import('./auth-dialogs.tsx'));

export interface LoginRequest {
  mode?: 'login' | 'signup' | 'forgot';
  /** Whether the panel has a close button (SPEC §2: optional). */
  closable?: boolean;
  /** Where the sign-in started, sent as `from`. */
  from?: string;
  /** Preset the newsletter box on the sign-up form. */
  edm?: boolean;
  /** Told whether the visitor signed in before the panel closed. */
  onClose?: (signedIn: boolean) => void;
}

export interface PendingActivation {
  email: string;
  /** Kept in memory only, for the automatic login after activation (SPEC §4). */
  password: string;
  from: string;
}

interface AuthState {
  /** The signed-in member (identity globals of SPEC §3), null for a visitor. */
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

  useEffect(() => {
    authApi
      .me()
      .then((answer) => setMember(answer.member))
      .catch(() => setMember(null))
      .finally(() => setReady(true));
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

export function useAuth(): AuthState {
  const state = useContext(AuthContext);
  if (!state) throw new Error('useAuth needs an AuthProvider');
  return state;
}
