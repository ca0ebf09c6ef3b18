/** The heading block of a page: breadcrumbs, title and an optional lead paragraph. */
import type { ReactNode } from 'react';
import { useSharedStrings } from '../lib/sharedStrings';
import { Breadcrumbs, type Crumb } from './Breadcrumbs';

export function PageHeader({ title, crumbs, lead, children }: { title: string; crumbs: Crumb[]; lead?: string; children?: ReactNode }) {
  const mark = useSharedStrings();
  return (
    <header className="page-header">
      <Breadcrumbs items={crumbs} />
      <h1 data-s={mark('t', title)}>{title}</h1>
      {lead ? (
        <p className="lead" data-s={mark('t', lead)}>
          {lead}
        </p>
      ) : null}
      {children}
    </header>
  );
}
