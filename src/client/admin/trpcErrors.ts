/** The Ukrainian message to show for a failed tRPC call (server messages are already Ukrainian). */
import { TRPCClientError } from '@trpc/client';

export function trpcErrorMessage(error: unknown): string {
  if (error instanceof TRPCClientError) {
    const code = (error.data as { code?: string } | undefined)?.code;
    if (code === 'UNAUTHORIZED') return 'Сеанс завершився. Увійдіть знову.';
    if (code === 'FORBIDDEN') return 'Недостатньо прав для цієї дії.';
    if (code === 'INTERNAL_SERVER_ERROR') return 'Внутрішня помилка сервера. Спробуйте пізніше.';
    if (error.message) return error.message;
  }
  if (error instanceof TypeError) return 'Немає зв’язку з сервером.';
  return 'Не вдалося виконати дію.';
}
