/**
 * Single sign-on on the login page: the button that starts it (a link to the server's
 * `/api/auth/oidc/start`, so it works before any script has run) and the completion when the server's
 * callback sends the browser back with `#sso={custom token}` (signInWithCustomToken) or
 * `?sso_error={code}` (a Ukrainian message). Both are removed from the address at once.
 */
import { signInWithCustomToken, type Auth } from 'firebase/auth';
import { useEffect, useRef, useState } from 'react';
import { identityErrorMessage } from '../../../shared/identityErrors';
import { SSO_ERROR_MESSAGES, ssoErrorMessage } from '../../../shared/ssoMessages';

/** The «Увійти через обліковий запис установи» button (label from OIDC_BUTTON_LABEL). */
export function SsoButton({ label, returnUrl }: { label: string; returnUrl: string }) {
  return (
    <a
      className="login-button login-button-secondary"
      href={`/api/auth/oidc/start?returnUrl=${encodeURIComponent(returnUrl)}`}
    >
      {label}
    </a>
  );
}

function errorOf(err: unknown): string {
  const code = (err as { code?: string } | null)?.code ?? '';
  return code in SSO_ERROR_MESSAGES ? ssoErrorMessage(code) : identityErrorMessage(err);
}

/**
 * Completes a sign-on the server sent back: signs in with the custom token and then calls `finish`
 * (the page's role check and redirect), or reports the server's error code through `onError`.
 * Returns whether a completion is under way (the page shows it instead of the form).
 */
export function useSsoCompletion(auth: Auth, finish: () => Promise<void>, onError: (message: string) => void): boolean {
  const started = useRef(false);
  const [busy, setBusy] = useState(() => typeof window !== 'undefined' && window.location.hash.startsWith('#sso='));
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const url = new URL(window.location.href);
    const token = url.hash.startsWith('#sso=') ? decodeURIComponent(url.hash.slice(5)) : null;
    const code = url.searchParams.get('sso_error');
    if (!token && !code) return;
    url.hash = '';
    url.searchParams.delete('sso_error');
    window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}`);
    if (code) {
      onError(ssoErrorMessage(code));
      return;
    }
    signInWithCustomToken(auth, token!)
      .then(finish)
      .catch((err: unknown) => onError(errorOf(err)))
      .finally(() => setBusy(false));
  }, [auth, finish, onError]);
  return busy;
}
