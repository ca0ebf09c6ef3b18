/**
 * The site header from the `header` settings document (read with the footer: `layout.get`): name, tagline
 * and the nested main menu.
 *
 * Works without JavaScript: on narrow screens the menu is a popover (`popover` + `popovertarget`),
 * which the browser opens, closes on Escape or an outside click, and whose focus it returns to the
 * «Меню» button; on wide screens it is a bar whose submenus open on hover and focus (CSS). Scripts
 * add what HTML cannot: Escape closes an open submenu and focuses its parent link, the popover
 * closes after a navigation, and the header's real height is kept in `--header-h` (the document's
 * scroll-padding-top, so hash targets and focused elements are never hidden under it).
 */
import { useEffect, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import { useLocation } from 'react-router';
import { Link, NavLink } from 'react-router';
import type { LayoutMenuItem as MenuItem } from '../../shared/content/constants';
import { joinMarks, useSharedStrings } from '../lib/sharedStrings';
import { trpc } from '../lib/trpc';
import { SearchForm } from './SearchForm';

const MENU_ID = 'main-menu';
/** Set on a submenu's item that Escape closed; cleared when focus or the pointer leaves it. */
const DISMISSED = 'data-dismissed';

function MenuLink({ item }: { item: MenuItem }) {
  const mark = useSharedStrings();
  if (/^https?:\/\//.test(item.href))
    return (
      <a href={item.href} data-s={joinMarks(mark('t', item.label), mark('u', item.href))}>
        {item.label}
      </a>
    );
  return (
    <NavLink to={item.href} end={item.href === '/'} data-s={mark('t', item.label)}>
      {item.label}
    </NavLink>
  );
}

function MenuList({ items, level }: { items: MenuItem[]; level: number }) {
  return (
    <ul className={level === 0 ? 'menu' : 'submenu'}>
      {items.map(({ children = [], ...item }) => (
        <li
          key={`${item.label}-${item.href}`}
          className={children.length ? 'has-children' : undefined}
          onMouseLeave={children.length ? (e) => e.currentTarget.removeAttribute(DISMISSED) : undefined}
          onBlur={
            children.length
              ? (e) => {
                  if (!e.currentTarget.contains(e.relatedTarget)) e.currentTarget.removeAttribute(DISMISSED);
                }
              : undefined
          }
        >
          <MenuLink item={item} />
          {children.length > 0 && <MenuList items={children} level={level + 1} />}
        </li>
      ))}
    </ul>
  );
}

/** Whether the nav is the open popover (narrow screens), where the browser handles Escape itself. */
function isOpenPopover(nav: HTMLElement): boolean {
  try {
    return nav.matches(':popover-open');
  } catch {
    return false; // a browser without popovers: the menu is always shown
  }
}

/**
 * Escape in the wide menu bar: closes the innermost open submenu around the focus and moves focus
 * to the link that opened it. Returns whether it did anything.
 */
function closeSubmenu(target: HTMLElement): boolean {
  let item = target.closest<HTMLElement>('li.has-children');
  while (item) {
    const submenu = item.querySelector<HTMLElement>(':scope > .submenu');
    if (submenu && getComputedStyle(submenu).display !== 'none') {
      item.setAttribute(DISMISSED, '');
      item.querySelector<HTMLElement>(':scope > a')?.focus();
      return true;
    }
    item = item.parentElement?.closest<HTMLElement>('li.has-children') ?? null;
  }
  return false;
}

/**
 * Escape with the focus outside the menu bar: closes the innermost submenu the pointer holds open
 * (content shown on hover must be dismissible without moving the pointer, WCAG 2.1 SC 1.4.13).
 * Returns whether it did anything.
 */
function dismissHoveredSubmenu(nav: HTMLElement): boolean {
  // In document order an item comes before the items inside it: the last one is the innermost.
  const item = [...nav.querySelectorAll<HTMLElement>('li.has-children:hover')].at(-1);
  const submenu = item?.querySelector<HTMLElement>(':scope > .submenu');
  if (!item || !submenu || getComputedStyle(submenu).display === 'none') return false;
  item.setAttribute(DISMISSED, '');
  return true;
}

/** Keeps `--header-h` on the root element equal to the header's rendered height. */
function useHeaderHeight(ref: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const root = document.documentElement;
    const update = () => root.style.setProperty('--header-h', `${Math.round(el.getBoundingClientRect().height)}px`);
    const observer = new ResizeObserver(update);
    observer.observe(el);
    update();
    return () => {
      observer.disconnect();
      root.style.removeProperty('--header-h');
    };
  }, [ref]);
}

export function SiteHeader() {
  const [{ header }] = trpc.layout.get.useSuspenseQuery();
  const location = useLocation();
  const headerRef = useRef<HTMLElement>(null);
  const navRef = useRef<HTMLElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  useHeaderHeight(headerRef);
  // The button's aria-expanded, once scripts run (without them the browser exposes the popover's state itself).
  const [expanded, setExpanded] = useState<boolean | undefined>(undefined);
  useEffect(() => {
    const nav = navRef.current;
    if (!nav) return;
    setExpanded(isOpenPopover(nav));
    const onToggle = () => setExpanded(isOpenPopover(nav));
    nav.addEventListener('toggle', onToggle);
    return () => nav.removeEventListener('toggle', onToggle);
  }, []);

  // A navigation from the open menu closes it (the page changes under it).
  useEffect(() => {
    const nav = navRef.current;
    if (nav && isOpenPopover(nav)) nav.hidePopover();
  }, [location.pathname]);

  // Widening the window past the phone layout closes the popover, so the bar shows in place.
  useEffect(() => {
    const wide = window.matchMedia?.('(min-width: 1000px)');
    if (!wide) return;
    const onChange = () => {
      const nav = navRef.current;
      if (wide.matches && nav && isOpenPopover(nav)) nav.hidePopover();
    };
    wide.addEventListener('change', onChange);
    return () => wide.removeEventListener('change', onChange);
  }, []);

  // Escape anywhere else on the page closes a submenu opened by the pointer (the bar's own keys are below).
  useEffect(() => {
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      const nav = navRef.current;
      if (event.key !== 'Escape' || event.defaultPrevented || !nav || nav.contains(document.activeElement)) return;
      if (dismissHoveredSubmenu(nav)) event.preventDefault();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);

  const onNavKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key !== 'Escape' || !navRef.current) return;
    if (isOpenPopover(navRef.current)) {
      // The browser closes the popover; make sure focus lands on the toggle, not on <body>.
      requestAnimationFrame(() => {
        if (!navRef.current || !isOpenPopover(navRef.current)) toggleRef.current?.focus();
      });
      return;
    }
    if (closeSubmenu(event.target as HTMLElement)) event.preventDefault();
  };

  const siteName = header?.siteName ?? 'Український гідрометеорологічний інститут';
  const mark = useSharedStrings();
  return (
    <header className="site-header" ref={headerRef}>
      <>
        <div className="container header-inner">
          <Link to="/" className="brand" aria-label={`${siteName} — головна сторінка`}>
            {/* Decorative and tiny: low priority. */}
            <img className="brand-logo" src="/logo.svg" alt="" width={40} height={40} fetchPriority="low" />
            <span className="brand-mark" aria-hidden="true">
              {header?.shortName || 'УкрГМІ'}
            </span>
            <span className="brand-text">
              <span className="brand-name" data-s={mark('t', siteName)}>
                {siteName}
              </span>
              {header?.tagline ? (
                <span className="brand-tagline" data-s={mark('t', header.tagline)}>
                  {header.tagline}
                </span>
              ) : null}
            </span>
          </Link>
          <SearchForm />
          <button
            type="button"
            className="menu-toggle"
            popoverTarget={MENU_ID}
            aria-controls={MENU_ID}
            aria-expanded={expanded}
            ref={toggleRef}
          >
            <span className="menu-icon" aria-hidden="true" />
            Меню
          </button>
        </div>
        <nav
          id={MENU_ID}
          ref={navRef}
          className="main-nav"
          popover="auto"
          aria-label="Головне меню"
          onKeyDown={onNavKeyDown}
        >
          <div className="container">
            <MenuList items={header?.menu ?? []} level={0} />
          </div>
        </nav>
      </>
    </header>
  );
}
