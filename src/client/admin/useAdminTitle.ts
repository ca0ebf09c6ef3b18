/**
 * The admin screens' document titles (WCAG 2.4.2): each screen names itself in the tab and to screen
 * readers as «{its h1} — Адміністрування — УкрГМІ». Plain React (no Mantine): the login screens use it too.
 */
import { useEffect } from 'react';
import { adminTitle } from '../../shared/head/adminTitle';

/** Sets document.title from the screen's h1 text while mounted; puts the previous title back on unmount. */
export function useAdminTitle(heading: string): void {
  useEffect(() => {
    const previous = document.title;
    document.title = adminTitle(heading);
    return () => {
      document.title = previous;
    };
  }, [heading]);
}
