/** The types the auth provider and its dialogs share: what opens the login panel, and an account waiting for activation. */
export interface LoginRequest {
  mode?: 'login' | 'signup' | 'forgot';
  /** Whether the panel has a close button (docs/product/accounts.md#login-panel: optional). */
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
  /** Kept in memory only, for the automatic login after activation (docs/product/accounts.md#activation-dialog). */
  password: string;
  from: string;
}
