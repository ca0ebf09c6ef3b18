/**
 * The admin's message for a failed call when the answer is not our API's: a reverse proxy's HTML
 * error page (502 while the server restarts) must read as Ukrainian text, not the JSON parser's
 * English («Unexpected token '<' …»). A real tRPC client (as the admin's) against a loopback server.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { trpcErrorMessage } from '../../src/client/admin/trpcErrors';
import { failedCall, proxyErrorPage, unansweredOrigin } from '../support/trpcFailures';

let proxy: Awaited<ReturnType<typeof proxyErrorPage>>;

beforeAll(async () => {
  proxy = await proxyErrorPage();
});

afterAll(() => proxy.close());

describe('trpcErrorMessage', () => {
  it('reads a proxy error page as «Сервер не відповідає…», not the parser’s English', async () => {
    const error = await failedCall(proxy.origin);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).not.toMatch(/[А-Яа-яІіЇїЄєҐґ]/);
    expect(trpcErrorMessage(error)).toBe('Сервер не відповідає. Спробуйте ще раз за хвилину.');
  });

  it('reads a request that got no answer as «Немає зв’язку з сервером.»', async () => {
    const error = await failedCall(await unansweredOrigin());
    expect(trpcErrorMessage(error)).toBe('Немає зв’язку з сервером.');
  });
});
