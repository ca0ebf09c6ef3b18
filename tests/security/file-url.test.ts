/**
 * Issue 11, item 12a: the `url` of a file reference (`{path, name, contentType, size, url}`) in
 * content documents accepted any scheme, so an editor (or a stolen editor session) could store
 * `javascript:` or `data:` links that the public pages render as download links and images. Now
 * only site-relative paths (`/…`, not `//…` or `/\…`), https URLs and plain http to a loopback host
 * (the embedded storage in development) are accepted. Checked through the admin's tRPC API over
 * HTTP, as the admin sees it: 400 with a field error on the url.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hrefSchema } from '../../src/shared/content/fields';
import { sessionCookie, startTestServer, type TestServer } from './helpers';

const EDITOR = { email: 'url-editor@uhmi.example.org', password: 'editor-password-1' };
const MESSAGE = 'Адреса файлу має бути шляхом на цьому сайті (/…) або починатися з https://';

let server: TestServer;
let cookie: string;

beforeAll(async () => {
  server = await startTestServer({ SEED: 'false' });
  await server.identity.createAccount({ ...EDITOR, role: 'editor' });
  cookie = await sessionCookie(server, EDITOR.email, EDITOR.password);
});

afterAll(async () => {
  await server.dispose();
});

const file = (url: string) => ({
  path: 'public/media/report.pdf',
  name: 'Звіт.pdf',
  contentType: 'application/pdf',
  size: 1024,
  url,
});

let counter = 0;
/** Creates a news item over HTTP with the URL as an attachment's and as the cover's; the status and field errors. */
async function createWith(url: string): Promise<{ status: number; fieldErrors: Record<string, string[]> }> {
  counter += 1;
  const res = await server.app.inject({
    method: 'POST',
    url: '/api/trpc/adminContent.news.create',
    headers: { cookie: `__session=${cookie}` },
    payload: {
      json: {
        data: {
          title: `Новина з файлом ${counter}`,
          date: '2026-03-23T10:00:00+02:00',
          cover: { ...file(url), path: 'public/media/photo.png', contentType: 'image/png', alt: 'Фото' },
          attachments: [file(url)],
        },
      },
    },
  });
  const body = res.json<{ error?: { json: { data: { zodError?: { fieldErrors: Record<string, string[]> } } } } }>();
  return { status: res.statusCode, fieldErrors: body.error?.json.data.zodError?.fieldErrors ?? {} };
}

describe('file reference URLs in content documents', () => {
  it.each([
    'javascript:alert(1)',
    'JavaScript:alert(document.cookie)//.pdf',
    'data:text/html,<script>alert(1)</script>',
    'data:application/pdf;base64,JVBERi0=',
    '//evil.example/x.pdf',
    '/\\evil.example/x.pdf',
    '/\t/evil.example/x.pdf',
    'http://evil.example/x.pdf',
    'https://user:pass@evil.example/x.pdf',
    'vbscript:msgbox(1)',
    'file:///etc/passwd',
    ' javascript:alert(1)',
    'x.pdf',
  ])('refuses %j with a field error on the url', async (url) => {
    const { status, fieldErrors } = await createWith(url);
    expect(status).toBe(400);
    expect(fieldErrors['data.attachments.0.url']).toEqual([MESSAGE]);
    expect(fieldErrors['data.cover.url']).toEqual([MESSAGE]);
  });

  it.each([
    '/v0/b/uhmi.appspot.com/o/public%2Fmedia%2Freport.pdf?alt=media&token=0b8c2c1e-1d55-4d0a-9a77-2f1f3c1d2e3f',
    'https://firebasestorage.googleapis.com/v0/b/uhmi.appspot.com/o/public%2Fmedia%2Freport.pdf?alt=media&token=abc',
    'http://127.0.0.1:9199/v0/b/uhmi.appspot.com/o/public%2Fmedia%2Freport.pdf?alt=media&token=abc',
    'http://localhost:3000/v0/b/uhmi.appspot.com/o/x?alt=media&token=abc',
  ])('accepts %j', async (url) => {
    const { status, fieldErrors } = await createWith(url);
    expect(fieldErrors).toEqual({});
    expect(status).toBe(200);
  });

  it('keeps link fields off other sites written as /\\host or with a tab', () => {
    expect(hrefSchema.safeParse('/\\evil.example').success).toBe(false);
    expect(hrefSchema.safeParse('/\t/evil.example').success).toBe(false);
    expect(hrefSchema.safeParse('//evil.example').success).toBe(false);
    expect(hrefSchema.safeParse('javascript:alert(1)').success).toBe(false);
    expect(hrefSchema.safeParse('/News').success).toBe(true);
    expect(hrefSchema.safeParse('https://meteo.gov.ua/').success).toBe(true);
  });
});
