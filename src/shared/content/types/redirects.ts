/** Redirect rules answered with 301 before rendering (spec section 2). */
import { z } from 'zod';
import { isExternalTarget, isReservedPath } from '../../routes';
import { REDIRECT_MATCH_LABELS } from '../constants';
import { defineContentType } from '../define';
import { integer, isSitePath, requiredText, text } from '../fields';

/** Messages of the rule form (shown under the field). */
export const REDIRECT_MESSAGES = {
  path: 'Шлях має починатися з одного / і не містити пробілів, \\, ? чи #',
  reserved: 'Ця адреса належить самому сайту (адміністрування, API, вхід, файли); переадресація з неї неможлива',
  https: 'Адреса іншого сайту має починатися з https://',
  target: 'Вкажіть шлях на сайті (/…) або адресу іншого сайту (https://…)',
  adminOnly: 'Переадресацію на інший сайт може зберегти лише адміністратор',
} as const;

/**
 * A path on this site for a rule (`isSitePath`: one leading slash, no `//` or `/\`, no control
 * characters), and besides no whitespace, `?`, `#` or `\` anywhere.
 */
const isRulePath = (value: string): boolean => isSitePath(value) && !/[\s?#\\]/.test(value);
const httpsUrl = z.url({ protocol: /^https$/ });

const FROM_LABEL = 'Звідки (шлях)';
const pathSchema = requiredText(500, FROM_LABEL).refine(
  (path) => path === '' || isRulePath(path),
  REDIRECT_MESSAGES.path,
);

/** Where a rule sends visitors: a path on the site or an https address of another site. */
const targetSchema = z
  .string()
  .trim()
  .max(2000, 'Куди: не більше 2000 символів')
  .superRefine((value, ctx) => {
    if (value.startsWith('/') || value.startsWith('\\')) {
      if (!isRulePath(value)) ctx.addIssue({ code: 'custom', message: REDIRECT_MESSAGES.path });
    } else if (/^http:/i.test(value)) {
      ctx.addIssue({ code: 'custom', message: REDIRECT_MESSAGES.https });
    } else if (!/^https:\/\//i.test(value) || !httpsUrl.safeParse(value).success) {
      ctx.addIssue({ code: 'custom', message: REDIRECT_MESSAGES.target });
    }
  });

export const redirects = defineContentType({
  key: 'redirects',
  adminSection: 'Redirects',
  labels: { singular: 'Переадресація', plural: 'Переадресації' },
  kind: 'collection',
  isPublic: false,
  publishable: false,
  schema: z.object({
    /**
     * `prefix`: paths equal to `from` or under `from/` go to `to` (plus the rest of the path when
     * `keepRest`); `zip`: `{name}.zip` under `from` goes to the archive folder base URL from configuration.
     */
    match: z
      .enum(['prefix', 'zip'])
      .meta({ label: 'Тип правила', widget: 'select', options: REDIRECT_MATCH_LABELS })
      .default('prefix'),
    /** Never a path the server answers itself (`isReservedPath`: the admin, APIs, identity, storage, assets). */
    from: pathSchema
      .refine((path) => !isReservedPath(path), REDIRECT_MESSAGES.reserved)
      .meta({ label: FROM_LABEL, widget: 'text' }),
    /** A path on the site, or (admins only, see `writeCheck`) an https address of another site. */
    to: z
      .union([targetSchema, z.literal('')])
      .default('')
      .meta({ label: 'Куди', widget: 'url' }),
    keepRest: z.boolean().default(false).meta({ label: 'Зберігати решту шляху' }),
    /** Lower runs first. */
    priority: integer('Пріоритет', 0, 10_000).default(100),
    note: text(300, 'Примітка').default(''),
  }),
  useAsTitle: 'from',
  defaultColumns: ['from', 'to', 'match', 'keepRest'],
  searchable: ['from', 'to'],
  filters: ['match'],
  sorts: { priority: { by: ['priority'], direction: 'asc' } },
  fileFields: [],
  relations: [],
  // Sending visitors to another site is an administrator's decision (a phishing page must not be one editor away).
  writeCheck: (data, writer) =>
    writer.role !== 'admin' && isExternalTarget(data.to) ? { to: REDIRECT_MESSAGES.adminOnly } : null,
});
