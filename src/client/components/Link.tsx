/**
 * react-router's `Link` and `NavLink` for the public pages, with a shortcut in the server render.
 *
 * In the browser these are react-router's own components. In the server render a link to a plain
 * site path (`/News/slug`, `/News?page=2`, `/Trainings#slug`: an absolute path of URL-safe
 * characters, no `.` or `..` segment, a fragment of letters, digits, `_` and `-`) with no
 * navigation options is written as the very `<a>` react-router writes (same attributes, same
 * order: `href`, `data-discover="true"`, and for a `NavLink` the `aria-current` and `active` class
 * of the current page) without its per-link work: path
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
const PLAIN_PATH = /^\/(?:[A-Za-z0-9_~%.-]+(?:\/[A-Za-z0-9_~%.-]+)*)?(?:\?[A-Za-z0-9_~%.=&+-]+)?(?:#[A-Za-z0-9_-]+)?$/;
const DOT_SEGMENT = /\/\.\.?(?:[/?#]|$)/;

/** Props of Link and NavLink that change what react-router does: with any of them, react-router's own component. */
const ROUTER_OPTIONS: ReadonlySet<string> = new Set([
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
]);

/** `to` when the shortcut is on and it is a plain site path, else null. */
function plainTarget(to: unknown): string | null {
  if (!shortcut || typeof to !== 'string' || !PLAIN_PATH.test(to) || DOT_SEGMENT.test(to)) return null;
  return to;
}

/** The path part of a plain target, as react-router compares it with the location. */
function pathnameOf(to: string): string {
  const end = to.search(/[?#]/);
  return end < 0 ? to : to.slice(0, end);
}

type AnchorProps = Record<string, unknown> & { children?: ReactNode };

/**
 * The props of the `<a>` react-router's Link writes for `props` with the plain target `href`: every
 * other prop in its order but `to` and `onClick` (which does nothing on the server), then `href`,
 * `target` and `data-discover`. Null when a prop asks for react-router's own behaviour. One pass
 * over the props: a rest destructuring plus a spread per link was the costliest line of a page's
 * render.
 */
function anchorProps(props: Readonly<Record<string, unknown>>, href: string): AnchorProps | null {
  const anchor: AnchorProps = {};
  for (const key in props) {
    if (ROUTER_OPTIONS.has(key)) return null;
    if (key !== 'to' && key !== 'onClick') anchor[key] = props[key];
  }
  anchor.href = href;
  anchor.target = undefined;
  anchor['data-discover'] = 'true';
  return anchor;
}

/** Whether the router's basename is the site root (the shortcut writes hrefs without one). */
function useAtRoot(): boolean {
  return useContext(UNSAFE_NavigationContext).basename === '/';
}

function hasRouterOption(props: object): boolean {
  for (const key in props) if (ROUTER_OPTIONS.has(key)) return true;
  return false;
}

export const Link = forwardRef<HTMLAnchorElement, LinkProps>(function Link(props, ref) {
  const root = useAtRoot();
  const href = ref || !root ? null : plainTarget(props.to);
  const anchor = href === null ? null : anchorProps(props as unknown as Record<string, unknown>, href);
  return anchor ? <a {...anchor} /> : <RouterLink {...props} ref={ref} />;
});

function ServerNavLink({ href, props }: { href: string; props: NavLinkProps }) {
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
  // react-router's NavLink hands its Link the other props, then these four, in this order.
  const anchor = anchorProps(
    {
      ...rest,
      'aria-current': isActive ? ariaCurrentProp : undefined,
      className,
      style: typeof style === 'function' ? style(renderProps) : style,
      children: typeof children === 'function' ? children(renderProps) : children,
    },
    href,
  )!;
  return <a {...anchor} />;
}

export const NavLink = forwardRef<HTMLAnchorElement, NavLinkProps>(function NavLink(props, ref) {
  const root = useAtRoot();
  const href = ref || !root ? null : plainTarget(props.to);
  if (href === null || hasRouterOption(props)) return <RouterNavLink {...props} ref={ref} />;
  return <ServerNavLink href={href} props={props} />;
});
