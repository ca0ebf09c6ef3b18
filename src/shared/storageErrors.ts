/**
 * Ukrainian messages for the file-storage client codes (firebase/storage reports `storage/{code}`),
 * spec section 8.
 */
import { fieldText } from './fieldText';

export const STORAGE_ERROR_MESSAGES: Record<string, string> = {
  unauthenticated: 'Увійдіть, щоб завантажувати файли.',
  unauthorized: 'Недостатньо прав для цієї дії з файлом.',
  'quota-exceeded': 'Сховище файлів заповнене. Видаліть непотрібні файли або зверніться до адміністратора.',
  'disk-full': 'На сервері закінчилося місце на диску: файл не збережено. Повідомте адміністратора сайту.',
  'object-not-found': 'Файл не знайдено.',
  'bucket-not-found': 'Сховище файлів не знайдено.',
  'project-not-found': 'Проєкт сховища не знайдено.',
  'retry-limit-exceeded':
    'Не вдалося зв’язатися зі сховищем файлів: сервер не відповідає або зв’язок переривався надто довго. Спробуйте ще раз.',
  canceled: 'Завантаження скасовано.',
  'invalid-checksum': 'Файл пошкодився під час передавання. Спробуйте ще раз.',
  'server-file-wrong-size': 'Сервер отримав файл не повністю. Спробуйте ще раз.',
  'invalid-argument': 'Некоректні дані файлу.',
  'invalid-format': 'Некоректний формат даних.',
  'no-download-url': 'Для цього файлу немає посилання для завантаження.',
  'invalid-root-operation': 'Цю дію не можна виконати з коренем сховища.',
  'invalid-url': 'Некоректна адреса файлу.',
  'unsupported-environment': 'Браузер не підтримує завантаження файлів.',
  'app-deleted': 'Сервіс файлів зупинено. Оновіть сторінку.',
  'unauthorized-app': 'Застосунок не має доступу до сховища.',
  unknown: 'Невідома помилка сховища.',
  'internal-error': 'Внутрішня помилка сховища.',
};

/**
 * Words in the server's answer to a write refused for a full disk (402, reported by the SDK as
 * `storage/quota-exceeded`; in browsers the HTTP reason phrase becomes the error's `serverResponse`).
 */
export const DISK_FULL_REASON = 'the server is out of disk space';

/** The Ukrainian message for an error from the firebase/storage SDK, with the server's text for unknown errors. */
export function storageErrorMessage(error: unknown): string {
  const code =
    typeof error === 'object' && error && 'code' in error ? fieldText(error.code).replace(/^storage\//, '') : '';
  const serverText = (error as { customData?: { serverResponse?: string | null } })?.customData?.serverResponse;
  if (code === 'quota-exceeded' && serverText?.includes(DISK_FULL_REASON)) return STORAGE_ERROR_MESSAGES['disk-full']!;
  const base = STORAGE_ERROR_MESSAGES[code] ?? STORAGE_ERROR_MESSAGES.unknown!;
  return code === 'unknown' && serverText ? `${base} (${serverText.slice(0, 200)})` : base;
}
