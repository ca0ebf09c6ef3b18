/**
 * react-router's `Link` and `NavLink` for the public pages, with a shortcut in the server render.
 *
 * In the browser these are react-router's own components. In the server render a link to a plain
 * site path (`/News/slug`, `/News?page=2`: an absolute path of URL-safe characters, no `.` or `..`
 * segment, no hash) with no navigation options is written as the very `<a>` react-router writes
 * (same attributes, same order: `href`, `data-discover="true"`, and for a `NavLink` the
 * `aria-current` and `active` class of the current page) without its per-link work: path
 * resolution against the route matches, a JSON copy of the matched paths, URL encoding, the click
 * and prefetch hooks. That work was about a third of a page's `renderToString` (a page has 40-80
 * links: the menus, footer, cards, breadcrumbs). Anything else goes to react-router's component.
 * `tests/integration/server-links.test.ts` renders every seeded page both ways and compares the
 * HTML byte for byte.
 */
import { forwardRef, useContext, type ReactNode } from 'react';
import {
  Link as RouterLink,
  NavLink as RouterNavLink,
  UNSAFE_NavigationContext,
  useLocation,
  type LinkProps,
  type NavLinkProps,
} from 'react-router';

let shortcut = typeof document === 'undefined';

/** Switches the server shortcut on or off (tests compare both renders); returns the previous setting. */
export function setServerLinkShortcut(on: boolean): boolean {
  const was = shortcut;
  shortcut = on;
  return was;
}

/** A site path whose resolved href, encoded pathname and written href are the string itself. */
const PLAIN_PATH = /^\/(?:[A-Za-z0-9_~%.-]+(?:\/[A-Za-z0-9_~%.-]+)*)?(?:\?[A-Za-z0-9_~%.=&+-]+)?$/;
const DOT_SEGMENT = /\/\.\.?(?:[/?]|$)/;

/** Props of Link and NavLink that change what react-router does: with any of them, react-router's own component. */
const ROUTER_OPTIONS = [
  'discover',
  'prefetch',
  'relative',
  'reloadDocument',
  'replace',
  'mask',
  'state',
  'target',
  'preventScrollReset',
  'viewTransition',
  'defaultShouldRevalidate',
  'caseSensitive',
] as const;

function plainTarget(props: { to: unknown }): string | null {
  const { to } = props;
  if (!shortcut || typeof to !== 'string' || !PLAIN_PATH.test(to) || DOT_SEGMENT.test(to)) return null;
  for (const option of ROUTER_OPTIONS) if (option in props) return null;
  return to;
}

/** The path part of a plain target, as react-router compares it with the location. */
function pathnameOf(to: string): string {
  const q = to.indexOf('?');
  return q < 0 ? to : to.slice(0, q);
}

type AnchorProps = Record<string, unknown> & { children?: ReactNode };

/** The `<a>` react-router's Link writes for a plain target (its `onClick` does nothing on the server). */
function ServerAnchor({ href, anchor }: { href: string; anchor: AnchorProps }) {
  const { basename } = useContext(UNSAFE_NavigationContext);
  if (basename !== '/') return <RouterLink {...(anchor as Omit<LinkProps, 'to'>)} to={href} />;
  // Rest destructuring keeps the other props' order (the attributes') without `delete`, which
  // would turn the copy into a slow dictionary object.
  const { onClick: _onClick, ...attributes } = anchor;
  return <a {...attributes} href={href} target={undefined} data-discover="true" />;
}

export const Link = forwardRef<HTMLAnchorElement, LinkProps>(function Link(props, ref) {
  const href = plainTarget(props);
  if (href === null || ref) return <RouterLink {...props} ref={ref} />;
  const { to: _to, ...anchor } = props;
  return <ServerAnchor href={href} anchor={anchor} />;
});

function ServerNavLink({ href, props }: { href: string; props: Omit<NavLinkProps, 'to'> }) {
  const location = useLocation();
  const {
    'aria-current': ariaCurrentProp = 'page',
    className: classNameProp = '',
    end = false,
    style,
    children,
    ...rest
  } = props;
  const toPathname = pathnameOf(href).toLowerCase();
  const locationPathname = location.pathname.toLowerCase();
  const endSlashPosition = toPathname !== '/' && toPathname.endsWith('/') ? toPathname.length - 1 : toPathname.length;
  const isActive =
    locationPathname === toPathname ||
    (!end && locationPathname.startsWith(toPathname) && locationPathname.charAt(endSlashPosition) === '/');
  const renderProps = { isActive, isPending: false, isTransitioning: false };
  const className =
    typeof classNameProp === 'function'
      ? classNameProp(renderProps)
      : [classNameProp, isActive ? 'active' : null].filter(Boolean).join(' ');
  const anchor: AnchorProps = {
    ...rest,
    'aria-current': isActive ? ariaCurrentProp : undefined,
    className,
    style: typeof style === 'function' ? style(renderProps) : style,
    children: typeof children === 'function' ? children(renderProps) : children,
  };
  return <ServerAnchor href={href} anchor={anchor} />;
}

export const NavLink = forwardRef<HTMLAnchorElement, NavLinkProps>(function NavLink(props, ref) {
  const href = plainTarget(props);
  if (href === null || ref) return <RouterNavLink {...props} ref={ref} />;
  const { to: _to, ...rest } = props;
  return <ServerNavLink href={href} props={rest} />;
});
