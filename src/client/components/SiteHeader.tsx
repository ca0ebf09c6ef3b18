/** The site header from the `header` settings document: name, tagline and the nested main menu. */
import { useEffect, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import type { MenuItem } from '../../shared/content/constants';
import { trpc } from '../lib/trpc';

function MenuLink({ item }: { item: MenuItem }) {
  if (/^https?:\/\//.test(item.href)) return <a href={item.href}>{item.label}</a>;
  return (
    <NavLink to={item.href} end={item.href === '/'}>
      {item.label}
    </NavLink>
  );
}

function MenuList({ items, level }: { items: MenuItem[]; level: number }) {
  return (
    <ul className={level === 0 ? 'menu' : 'submenu'}>
      {items.map((item) => (
        <li key={`${item.label}-${item.href}`} className={item.children.length ? 'has-children' : undefined}>
          <MenuLink item={item} />
          {item.children.length > 0 && <MenuList items={item.children} level={level + 1} />}
        </li>
      ))}
    </ul>
  );
}

export function SiteHeader() {
  const [header] = trpc.header.get.useSuspenseQuery();
  const [open, setOpen] = useState(false);
  const location = useLocation();
  useEffect(() => setOpen(false), [location.pathname]);
  const siteName = header?.siteName ?? 'Український гідрометеорологічний інститут';
  return (
    <header className="site-header">
      <div className="container header-inner">
        <Link to="/" className="brand" aria-label={`${siteName} — головна сторінка`}>
          {/* Decorative and tiny: low priority, which also keeps React from emitting a preload link into the markup. */}
          <img className="brand-logo" src="/logo.svg" alt="" width={40} height={40} fetchPriority="low" />
          <span className="brand-mark" aria-hidden="true">
            {header?.shortName || 'УкрГМІ'}
          </span>
          <span className="brand-text">
            <span className="brand-name">{siteName}</span>
            {header?.tagline ? <span className="brand-tagline">{header.tagline}</span> : null}
          </span>
        </Link>
        <button
          type="button"
          className="menu-toggle"
          aria-expanded={open}
          aria-controls="main-menu"
          onClick={() => setOpen((v) => !v)}
        >
          <span aria-hidden="true">☰</span> Меню
        </button>
      </div>
      <nav id="main-menu" className={`main-nav${open ? ' is-open' : ''}`} aria-label="Головне меню">
        <div className="container">
          <MenuList items={header?.menu ?? []} level={0} />
        </div>
      </nav>
    </header>
  );
}
