/** The heading block of a page: breadcrumbs, title and an optional lead paragraph. */
import type { ReactNode } from 'react';
import { Breadcrumbs, type Crumb } from './Breadcrumbs';

export function PageHeader({ title, crumbs, lead, children }: { title: string; crumbs: Crumb[]; lead?: string; children?: ReactNode }) {
  return (
    <header className="page-header">
      <Breadcrumbs items={crumbs} />
      <h1>{title}</h1>
      {lead ? <p className="lead">{lead}</p> : null}
      {children}
    </header>
  );
}
