/** The heading block of a page: breadcrumbs, title and an optional lead paragraph. */
import type { ReactNode } from 'react';
import { useSharedStrings } from '../lib/sharedStrings';
import type { Crumb } from '../../shared/head/sources';
import { Breadcrumbs } from './Breadcrumbs';

/** `lang` / `leadLang`: the title's and the lead's language when it is not Ukrainian (the last crumb is the title). */
export function PageHeader({
  title,
  crumbs,
  lead,
  lang,
  leadLang,
  children,
}: {
  title: string;
  crumbs: Crumb[];
  lead?: string;
  lang?: string;
  leadLang?: string;
  children?: ReactNode;
}) {
  const mark = useSharedStrings();
  const trail = lang && crumbs.length ? [...crumbs.slice(0, -1), { ...crumbs[crumbs.length - 1]!, lang }] : crumbs;
  return (
    <header className="page-header">
      <Breadcrumbs items={trail} />
      <h1 lang={lang} data-s={mark('t', title)}>
        {title}
      </h1>
      {lead ? (
        <p className="lead" lang={leadLang} data-s={mark('t', lead)}>
          {lead}
        </p>
      ) : null}
      {children}
    </header>
  );
}
