/** Links that filter a list by kind («Усі», then each kind), the current one marked. */
import { Link } from 'react-router';

export function KindFilterBar({
  path,
  kinds,
  current,
  label,
}: {
  path: string;
  kinds: Record<string, string>;
  current: string | null;
  label: string;
}) {
  return (
    <nav className="filter-bar" aria-label={label}>
      <Link to={path} aria-current={!current ? 'page' : undefined}>
        Усі
      </Link>
      {Object.entries(kinds).map(([k, name]) => (
        <Link key={k} to={`${path}?kind=${k}`} aria-current={current === k ? 'page' : undefined}>
          {name}
        </Link>
      ))}
    </nav>
  );
}
