/**
 * Constants of the content model that the browser needs without the schemas (no zod import here,
 * so public pages do not ship the validation library).
 */

/** Time zone every calendar date and displayed time of the institute is in. */
export const SITE_TIME_ZONE = 'Europe/Kyiv';

export const DOC_KINDS = {
  order: 'Наказ',
  regulation: 'Положення',
  report: 'Звіт',
  plan: 'План',
  procurement: 'Публічні закупівлі',
  statute: 'Статут',
  other: 'Інше',
} as const;

export const TRAINING_FORMATS = { offline: 'Очно', online: 'Онлайн', hybrid: 'Змішаний формат' } as const;

export const PUBLICATION_KINDS = {
  monograph: 'Монографія',
  guidance: 'Настанова, керівний документ',
  serial: 'Збірник наукових праць',
  journal: 'Журнал',
  atlas: 'Атлас',
  dataset: 'Набір даних',
  article: 'Стаття',
} as const;

export const SOCIAL_NETWORKS = {
  facebook: 'Facebook',
  youtube: 'YouTube',
  telegram: 'Telegram',
  x: 'X',
  linkedin: 'LinkedIn',
} as const;

export const BOOK_ORDER_STATES = {
  new: 'Нове',
  in_progress: 'В роботі',
  done: 'Виконано',
  cancelled: 'Скасовано',
} as const;

/** Ukrainian names of a document's publication states (`status`). */
export const STATUS_LABELS = { draft: 'Чернетка', published: 'Опубліковано' } as const;

/** Ukrainian names of the kinds of redirect rule (`match`). */
export const REDIRECT_MATCH_LABELS = { prefix: 'Префікс шляху', zip: 'Архів {назва}.zip' } as const;

/** Slug of the fixed page on personal reception of citizens by the management (/activity/{slug}). */
export const RECEPTION_SLUG = 'osobystyi-pryiom-hromadian';

/** Page slugs behind the fixed routes /COP29 and /msg/tethys. */
export const FIXED_PAGE_SLUGS = { cop29: 'COP29', tethys: 'msg-tethys' } as const;

/** Slugs of the repository's three fixed pages (addresses kept from the old site). */
export const DATA_REPO_FIXED_SLUGS = ['month', 'ClimUAsd-stn.v2', 'ClimUAd_Ukrainian_gridded_daily'] as const;

/** One entry of the header menu tree. */
export interface MenuItem {
  label: string;
  href: string;
  children: MenuItem[];
}

/** A menu entry as `layout.get` answers it: `children` only when it has any (most have none, and the answer is in every page's state). */
export interface LayoutMenuItem {
  label: string;
  href: string;
  children?: LayoutMenuItem[];
}
