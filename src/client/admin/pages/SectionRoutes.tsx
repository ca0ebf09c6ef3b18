/**
 * The screens of /edit/admin/config/{section}[/{id}[/{childKey}/{childId}]], chosen from the
 * registry: a singleton's edit screen, or a collection's list and edit screens.
 */
import { Navigate, useParams } from 'react-router';
import { findByAdminSection, getContentType } from '../../../shared/content/registry';
import { useAdmin } from '../context';
import { ADMIN_HOME } from '../guards';
import { useSessionState } from '../session';
import { AdminNotFound } from './AdminNotFound';
import { SectionEditPage } from './SectionEditPage';
import { SectionListPage } from './SectionListPage';
import { childTypesOf } from './ChildrenPanel';

function useSectionType() {
  const { section } = useParams();
  const { session } = useAdmin();
  const state = useSessionState(session);
  const type = section ? findByAdminSection(section) : undefined;
  const role = state.status === 'signedIn' ? state.role : null;
  const denied = !!type && (type as { access?: string }).access === 'admin' && role !== 'admin';
  return { section: section ?? '', type, denied };
}

/** An unknown section or document: «Розділ не знайдено» at the address typed (no redirect). */
function Missing() {
  return <AdminNotFound />;
}

export function SectionIndexRoute() {
  const { section, type, denied } = useSectionType();
  if (!type) return <Missing />;
  if (denied) return <Navigate to={`${ADMIN_HOME}?denied=1`} replace />;
  const base = `${ADMIN_HOME}/config/${section}`;
  if (type.kind === 'singleton')
    return <SectionEditPage type={type} id={type.key} backTo={base} basePath={base} backLabel={type.labels.plural} />;
  return <SectionListPage key={type.key} type={type} />;
}

export function SectionDocumentRoute() {
  const { section, type, denied } = useSectionType();
  const { id } = useParams();
  if (!type || type.kind === 'singleton') return <Missing />;
  if (denied) return <Navigate to={`${ADMIN_HOME}?denied=1`} replace />;
  const base = `${ADMIN_HOME}/config/${section}`;
  return (
    <SectionEditPage
      type={type}
      id={id === 'new' ? undefined : id}
      backTo={base}
      basePath={base}
      backLabel={type.labels.plural}
    />
  );
}

export function ChildDocumentRoute() {
  const { section, type, denied } = useSectionType();
  const { id, childKey, childId } = useParams();
  const relation = type ? childTypesOf(type).find((c) => c.type.key === childKey) : undefined;
  if (!type || !relation || !id) return <Missing />;
  if (denied) return <Navigate to={`${ADMIN_HOME}?denied=1`} replace />;
  const parentPath = `${ADMIN_HOME}/config/${section}/${id}`;
  const childType = getContentType(relation.type.key);
  return (
    <SectionEditPage
      type={childType}
      id={childId === 'new' ? undefined : childId}
      preset={{ [relation.field]: id }}
      backTo={parentPath}
      basePath={`${parentPath}/${childType.key}`}
      backLabel={type.labels.singular}
    />
  );
}
