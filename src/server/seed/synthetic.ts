/**
 * Synthetic documents for load tests: N documents per collection type, cloned from the first seed
 * document of the type with a numbered title and slug, no files, and validated by the type's schema.
 */
import { isArrayField, type AnyContentType } from '../../shared/content/define';
import { contentTypeList, type ContentKey } from '../../shared/content/registry';
import type { DocumentStore } from '../store/port';
import { seedSet } from './content/index';
import { fieldText } from '../../shared/fieldText';

const BOOK_ORDER_TEMPLATE = {
  publicationId: 'synthetic',
  name: 'Тестовий Замовник',
  email: 'order@example.org',
  quantity: 1,
  comment: 'Синтетичне замовлення для навантажувального тесту.',
};

function template(type: AnyContentType): Record<string, unknown> | null {
  const first = (seedSet[type.key as ContentKey] as Array<{ data: Record<string, unknown> }> | undefined)?.[0];
  if (first) return first.data;
  return type.key === 'bookOrders' ? BOOK_ORDER_TEMPLATE : null;
}

/** Shifts an ISO date or instant back by `days`. */
function shiftDate(value: string, days: number): string {
  const isDay = /^\d{4}-\d{2}-\d{2}$/.test(value);
  const d = new Date(isDay ? `${value}T12:00:00Z` : value);
  d.setUTCDate(d.getUTCDate() - days);
  return isDay ? d.toISOString().slice(0, 10) : d.toISOString();
}

/** `count` synthetic documents of one type, numbered from `start`; ids are prefixed by `runId`. */
export function syntheticDocuments(
  type: AnyContentType,
  count: number,
  runId: string,
  start = 1,
): Array<{ collection: string; id: string; data: unknown }> {
  const base = template(type);
  if (!base || type.kind !== 'collection') return [];
  const out: Array<{ collection: string; id: string; data: unknown }> = [];
  for (let i = start; i < start + count; i += 1) {
    const data: Record<string, unknown> = { ...base };
    for (const f of type.fileFields) data[f] = isArrayField(type, f) ? [] : null;
    data[type.useAsTitle] = `${fieldText(base[type.useAsTitle], type.labels.singular)} — синтетичний запис ${i}`;
    if (type.slug) data[type.slug.field] = `synthetic-${runId}-${i}`;
    if ('status' in data) data.status = 'published';
    for (const f of type.rangeFields ?? []) if (typeof data[f] === 'string') data[f] = shiftDate(data[f], i);
    if (typeof data.date === 'string') data.date = shiftDate(data.date, i);
    // Orders stay within every schema's maximum (10 000): they wrap, and the id breaks ties.
    if ('order' in data) data.order = 1000 + ((i - 1) % 9000);
    if (type.key === 'redirects') data.from = `/synthetic/${runId}/${i}`;
    out.push({ collection: type.key, id: `synthetic-${runId}-${i}`, data: type.schema.parse(data) });
  }
  return out;
}

/** Synthetic documents for every collection type. */
export function syntheticSet(count: number, runId: string) {
  return contentTypeList.flatMap((type) => syntheticDocuments(type, count, runId));
}

/** Documents per batch of a synthetic load (one transaction each). */
const SYNTHETIC_BATCH = 5000;

/**
 * Writes `count` synthetic documents of every collection type (or of `only` those) in batches (never
 * holding them all in memory); `progress` is told after each batch. Returns how many were written.
 */
export async function loadSynthetic(
  store: Pick<DocumentStore, 'createMany'>,
  count: number,
  runId: string,
  progress?: (written: number, type: string) => void,
  only?: readonly string[],
): Promise<number> {
  let written = 0;
  for (const type of contentTypeList) {
    if (only && !only.includes(type.key)) continue;
    for (let start = 1; start <= count; start += SYNTHETIC_BATCH) {
      const docs = syntheticDocuments(type, Math.min(SYNTHETIC_BATCH, count - start + 1), runId, start);
      if (!docs.length) break;
      await store.createMany(docs);
      written += docs.length;
      progress?.(written, type.key);
    }
  }
  return written;
}
