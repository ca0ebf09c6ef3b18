/**
 * Redirects that follow public addresses (issue 15): when a published document's public path changes
 * (its slug was edited), the same commit writes a 301 rule from the old path to the new one. The
 * rule is an ordinary `redirects` document: staff see it in «Переадресації» (its note says where it
 * came from) and may remove it. A rule whose `from` is the document's public path (the slug changed
 * back, or a document is published at an address another one left) is deleted in the same commit,
 * since redirects answer before pages and would hide the page otherwise. Rules that pointed at the old
 * path are moved to the new one, so a chain of renames stays one hop.
 */
import { isReservedPath } from '../../shared/routes';
import type { AnyContentType } from '../../shared/content/define';
import { autoId, type DocumentStore, type WriteOp } from '../store/port';
import type { Author, ContentHistory } from './history';
import { textOf } from './text';

type Data = Record<string, unknown>;
type Rule = { from: string; to: string; match: string; keepRest: boolean; priority: number; note: string };

const REDIRECTS = 'redirects';
/** How many rules pointing at one path are moved along (more is a sign of a loop elsewhere). */
const MAX_CHAINED = 50;

/** A path a rule may hold: a plain path on the site (no fragment or query, not one the server answers itself). */
function rulePath(path: string | null | undefined): string | null {
  if (!path || !path.startsWith('/') || /[#?\s\\]/.test(path) || isReservedPath(path)) return null;
  return path;
}

/** The public path of a document's data, or null when it has none a rule could hold. */
export function publicPathOf(type: AnyContentType, id: string, data: Data): string | null {
  return type.publicPath ? rulePath(type.publicPath({ ...data, id })) : null;
}

/** Whether visitors could have reached the document at its path (published, or a type without drafts). */
function wasPublic(type: AnyContentType, data: Data): boolean {
  return !type.publishable || data.status === 'published';
}

/**
 * The writes that keep redirects in step with a save of `type`/`id` from `before` (null for a new
 * document) to `after`: create old → new (when the path changed and the old one was public), move
 * rules that pointed at the old path, delete rules from the new path. Each write carries its
 * revision and audit entry, and expects the versions read here (a concurrent edit fails the commit).
 */
export async function slugRedirectOps(
  store: DocumentStore,
  history: ContentHistory,
  author: Author,
  change: { type: AnyContentType; id: string; before: Data | null; after: Data },
): Promise<WriteOp[]> {
  const { type, id, before, after } = change;
  if (type.key === REDIRECTS) return [];
  const to = publicPathOf(type, id, after);
  if (!to) return [];
  // Only an address visitors could have used, and only while the document stays public at the new one.
  const from = before && wasPublic(type, before) && wasPublic(type, after) ? publicPathOf(type, id, before) : null;
  const ops: WriteOp[] = [];

  // A rule from the new path keeps answering until the document itself is public there.
  const blocking = wasPublic(type, after)
    ? await store.findOne<Rule>(REDIRECTS, [{ field: 'from', op: '==', value: to }])
    : null;
  if (blocking) {
    // Kept as a revision, so «Видалені» can bring the rule back.
    ops.push(
      ...(await history.baselineOps(blocking)),
      { kind: 'delete', collection: REDIRECTS, id: blocking.id, expectedVersion: blocking.version },
      history.auditOp(author, REDIRECTS, blocking.id, blocking.data.from, 'delete', { version: blocking.version }),
    );
  }

  if (from && from !== to) {
    const chained = await store.list<Rule>(REDIRECTS, {
      where: [{ field: 'to', op: '==', value: from }],
      orderBy: { fields: [], direction: 'asc' },
      limit: MAX_CHAINED,
    });
    for (const rule of chained.items) {
      if (rule.id === blocking?.id) continue;
      if (rule.data.from === to) continue;
      const data = { ...rule.data, to };
      ops.push(
        ...(await history.baselineOps(rule)),
        { kind: 'update', collection: REDIRECTS, id: rule.id, data, expectedVersion: rule.version },
        history.revisionOp(REDIRECTS, rule.id, rule.version + 1, 'update', author, data),
        history.auditOp(author, REDIRECTS, rule.id, rule.data.from, 'update'),
      );
    }
    const existing = await store.findOne<Rule>(REDIRECTS, [{ field: 'from', op: '==', value: from }]);
    const note = `Автоматично: адресу «${(textOf(after[type.useAsTitle]) || id).slice(0, 200)}» змінено`;
    const data: Rule = { match: 'prefix', from, to, keepRest: false, priority: 100, note };
    if (existing) {
      ops.push(
        ...(await history.baselineOps(existing)),
        { kind: 'update', collection: REDIRECTS, id: existing.id, data, expectedVersion: existing.version },
        history.revisionOp(REDIRECTS, existing.id, existing.version + 1, 'update', author, data),
        history.auditOp(author, REDIRECTS, existing.id, from, 'update'),
      );
    } else {
      const ruleId = autoId();
      ops.push(
        { kind: 'create', collection: REDIRECTS, id: ruleId, data },
        history.revisionOp(REDIRECTS, ruleId, 1, 'create', author, data),
        history.auditOp(author, REDIRECTS, ruleId, from, 'create'),
      );
    }
  }
  return ops;
}
