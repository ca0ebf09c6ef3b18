/** The trail from the home page to the current page (also the page's BreadcrumbList structured data). */
import { Link } from 'react-router';
import { useHeadSource } from '../lib/head/useHeadSource';

import type { Crumb } from '../../shared/head/sources';

export function Breadcrumbs({ items }: { items: Crumb[] }) {
  useHeadSource('breadcrumbs', { kind: 'breadcrumbs', crumbs: items });
  return (
    <nav className="breadcrumbs" aria-label="Навігаційний ланцюжок">
      <ol>
        <li>
          <Link to="/">Головна</Link>
        </li>
        {items.map((item, i) => (
          <li key={`${item.label}-${i}`}>
            {item.to && i < items.length - 1 ? (
              <Link to={item.to}>{item.label}</Link>
            ) : (
              <span aria-current="page" lang={item.lang}>
                {item.label}
              </span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
