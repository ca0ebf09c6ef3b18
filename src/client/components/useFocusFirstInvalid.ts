/** Focus after a refused form send: the first invalid field, else the form's message. */
import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * Returns the form's ref and `refused`, to call when a send is refused: after the next render focus
 * goes to the first field marked `aria-invalid="true"`, else to the `.form-error` message (which needs
 * tabIndex -1). A button disabled while sending loses focus to <body> otherwise (WCAG 2.4.3).
 */
export function useFocusFirstInvalid() {
  const formRef = useRef<HTMLFormElement>(null);
  const [refusals, setRefusals] = useState(0);
  useEffect(() => {
    if (!refusals) return;
    const form = formRef.current;
    const target =
      form?.querySelector<HTMLElement>('[aria-invalid="true"]') ?? form?.querySelector<HTMLElement>('.form-error');
    target?.focus();
  }, [refusals]);
  const refused = useCallback(() => setRefusals((n) => n + 1), []);
  return { formRef, refused };
}
