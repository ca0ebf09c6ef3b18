/**
 * What the confirmation of «Відновити» says. A restore writes the old revision's whole data as a
 * new version, its publication state included (AdminRevisions.restore), so the text names the state
 * the document will be in when that differs from the current one.
 */
import type { AnyContentType } from '../../../shared/content/define';
import { formatDateTime } from '../../../shared/dates';
import { fieldText } from '../../../shared/fieldText';
import { formFields } from '../form/introspect';

type PublicationState = 'draft' | 'published' | 'scheduled';

const STATE_LABELS: Record<PublicationState, string> = {
  draft: 'Чернетка',
  published: 'Опубліковано',
  scheduled: 'Заплановано',
};

/** The publication state of `data` at `now` (null for a type without a status field). */
export function publicationState(
  type: AnyContentType,
  data: Record<string, unknown>,
  now: Date = new Date(),
): PublicationState | null {
  const field = formFields(type).find((s) => s.kind === 'status');
  if (!field) return null;
  if (data[field.name] !== 'published') return 'draft';
  const at = fieldText(data.publishedAt);
  return at && at > now.toISOString() ? 'scheduled' : 'published';
}

/** The sentence on the state after restoring `restored` over `current`, or null when the type has no state. */
function stateSentence(
  type: AnyContentType,
  restored: Record<string, unknown>,
  current: Record<string, unknown>,
  now: Date,
): string | null {
  const next = publicationState(type, restored, now);
  const before = publicationState(type, current, now);
  if (!next || !before) return null;
  if (next === before) return `Стан публікації не зміниться: «${STATE_LABELS[next]}».`;
  if (next === 'published') return 'Документ знову стане опублікованим і з’явиться на сайті.';
  if (next === 'scheduled')
    return `Документ буде заплановано до публікації ${formatDateTime(fieldText(restored.publishedAt))}.`;
  return before === 'published' ? 'Документ стане чернеткою й зникне з сайту.' : 'Документ стане чернеткою.';
}

/**
 * The confirmation's sentences for restoring `version` (data `restored`) over the current saved
 * data `current`; `dirty`: the form has unsaved changes, which the restore replaces.
 */
export function restoreMessage(
  type: AnyContentType,
  version: number,
  restored: Record<string, unknown>,
  current: Record<string, unknown>,
  dirty: boolean,
  now: Date = new Date(),
): string[] {
  const lines = [`Версію ${version} буде відновлено: її вміст і стан буде збережено як нову версію документа.`];
  const state = stateSentence(type, restored, current, now);
  if (state) lines.push(state);
  if (dirty) lines.push('Незбережені зміни у формі буде втрачено.');
  return lines;
}
