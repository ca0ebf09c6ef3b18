/**
 * A link stored in content (footer columns, a dataset's links): a page of the site goes through the
 * router; anything else is a plain link the browser follows itself: another site, or a path to a
 * file (`/data_repo/month.zip`, which the server redirects to the archive) that no page renders.
 */
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { joinMarks, useSharedStrings } from '../lib/sharedStrings';

/**
 * Whether `href` is a page of this site: a path from the root, not `//host`, not a storage URL, and
 * not ending in a file extension of 2–4 letters (`.zip`, `.pdf`, `.docx`; a slug such as
 * `ClimUAsd-stn.v2` is still a page).
 */
export function isPagePath(href: string): boolean {
  if (!href.startsWith('/') || href.startsWith('//') || href.startsWith('/v0/')) return false;
  const path = href.split(/[?#]/, 1)[0]!;
  return !/\.[a-z]{2,4}$/i.test(path);
}

/**
 * `shared`: the `data-s` mark of a link whose text is a string of the page state (lib/sharedStrings.ts).
 * A plain link's address is marked too (a router link's `href` is the router's rendering of it).
 */
export function ContentLink({ href, children, shared }: { href: string; children: ReactNode; shared?: string }) {
  const mark = useSharedStrings();
  return isPagePath(href) ? (
    <Link to={href} data-s={shared}>
      {children}
    </Link>
  ) : (
    <a href={href} data-s={joinMarks(shared, mark('u', href))}>
      {children}
    </a>
  );
}
