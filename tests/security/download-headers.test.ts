/**
 * Issue 11, item 12c: uploads must not run as our origin. Files of many types are uploaded with the
 * official firebase/storage SDK; each download (`?alt=media`) must carry nosniff and a sandboxing
 * CSP, and be `attachment` unless its type is on the inline allow-list (raster images, PDF,
 * archives, plain text/CSV) and its bytes really are of that type. Before the fix only HTML, SVG,
 * XML and JavaScript were forced to attachment (a deny-list), so XHTML-as-`application/xhtml+xml`
 * was caught only by luck of the regex, Flash, unknown types and lying types were served inline.
 */
import { getDownloadURL, ref, updateMetadata, uploadBytes, type FirebaseStorage } from 'firebase/storage';
import { zipSync, strToU8 } from 'fflate';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onePagePdf } from '../../src/server/seed/files';
import { disposeAuthClients, startTestServer, storageClient, type TestServer } from './helpers';

const EDITOR = { email: 'headers-editor@uhmi.example.org', password: 'editor-password-1' };

let server: TestServer;
let origin: string;
let editor: FirebaseStorage;

beforeAll(async () => {
  server = await startTestServer({ SEED: 'false' });
  origin = await server.listen();
  await server.identity.createAccount({ ...EDITOR, role: 'editor' });
  editor = await storageClient(origin, server.config.firebase.storageBucket, EDITOR);
});

afterAll(async () => {
  await disposeAuthClients();
  server.app.server.closeAllConnections();
  await server.dispose();
});

const html = Buffer.from('<!doctype html><script>fetch("/api/trpc/authUsers.list")</script>');

/** Uploads through the SDK and downloads through the object's download URL. */
async function roundTrip(
  name: string,
  bytes: Buffer,
  metadata: { contentType?: string; contentDisposition?: string } = {},
): Promise<Response> {
  await uploadBytes(ref(editor, name), bytes, metadata);
  return fetch(await getDownloadURL(ref(editor, name)));
}

function expectSandboxed(res: Response): void {
  expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  const csp = res.headers.get('content-security-policy') ?? '';
  expect(csp).toContain("default-src 'none'");
  expect(csp).toMatch(/(^|;)\s*sandbox(\s*;|$)/);
}

describe('downloads of uploaded files', () => {
  let png: Buffer;
  let jpeg: Buffer;
  beforeAll(async () => {
    const image = sharp({ create: { width: 64, height: 48, channels: 3, background: '#2266aa' } });
    png = await image.clone().png().toBuffer();
    jpeg = await image.clone().jpeg().toBuffer();
  });

  it('shows raster images, PDF, archives and plain text inline', async () => {
    const inline: Array<[string, Buffer, string]> = [
      ['public/t/photo.png', png, 'image/png'],
      ['public/t/photo.jpg', jpeg, 'image/jpeg'],
      ['public/t/report.pdf', onePagePdf(['Hydrological bulletin']), 'application/pdf'],
      ['public/t/data.zip', Buffer.from(zipSync({ 'a.csv': strToU8('lat,lon\n50,30\n') })), 'application/zip'],
      ['public/t/data.csv', Buffer.from('дата,рівень\n2026-03-01,245\n'), 'text/csv; charset=utf-8'],
      ['public/t/readme.txt', Buffer.from('Опис набору даних.\n'), 'text/plain; charset=utf-8'],
    ];
    for (const [name, bytes, contentType] of inline) {
      const res = await roundTrip(name, bytes, { contentType });
      expect(res.status, name).toBe(200);
      expect(res.headers.get('content-type'), name).toBe(contentType);
      expect(res.headers.get('content-disposition'), name).toMatch(/^inline;/);
      expectSandboxed(res);
      expect(Buffer.from(await res.arrayBuffer()).equals(bytes)).toBe(true);
    }
  });

  it('makes every active, unknown or unlisted type an attachment', async () => {
    const attachments: Array<[string, Buffer, string | undefined]> = [
      ['public/t/page.html', html, 'text/html'],
      [
        'public/t/page.xhtml',
        Buffer.from('<html xmlns="http://www.w3.org/1999/xhtml"><script>alert(1)</script></html>'),
        'application/xhtml+xml',
      ],
      [
        'public/t/feed.xml',
        Buffer.from('<?xml version="1.0"?><x:script xmlns:x="http://www.w3.org/1999/xhtml">alert(1)</x:script>'),
        'text/xml',
      ],
      [
        'public/t/logo.svg',
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'),
        'image/svg+xml',
      ],
      ['public/t/app.js', Buffer.from('alert(document.cookie)'), 'text/javascript'],
      ['public/t/app.mjs', Buffer.from('alert(document.cookie)'), 'application/javascript'],
      ['public/t/movie.swf', Buffer.from('FWS\x0a rest', 'latin1'), 'application/x-shockwave-flash'],
      ['public/t/thing.qqq', Buffer.from('whatever'), 'application/x-made-up'],
      ['public/t/noType', html, undefined],
      ['public/t/style.css', Buffer.from('body{background:url(javascript:alert(1))}'), 'text/css'],
    ];
    for (const [name, bytes, contentType] of attachments) {
      const res = await roundTrip(name, bytes, contentType ? { contentType } : {});
      expect(res.status, name).toBe(200);
      expect(res.headers.get('content-disposition'), name).toMatch(/^attachment;/);
      expectSandboxed(res);
    }
  });

  it('makes a file whose stored type lies an attachment (HTML uploaded as PNG, PDF or text)', async () => {
    for (const [name, contentType] of [
      ['public/t/cat.png', 'image/png'],
      ['public/t/fake.pdf', 'application/pdf'],
      ['public/t/fake.zip', 'application/zip'],
      ['public/t/fake.txt', 'text/plain'],
      ['public/t/fake.csv', 'text/csv'],
    ] as const) {
      const res = await roundTrip(name, html, { contentType });
      expect(res.headers.get('content-disposition'), name).toMatch(/^attachment;/);
      expectSandboxed(res);
    }
  });

  it('ignores a stored inline disposition on an active type, and a type changed later by a metadata update', async () => {
    const res = await roundTrip('public/t/inline.html', html, {
      contentType: 'text/html',
      contentDisposition: 'inline',
    });
    expect(res.headers.get('content-disposition')).toMatch(/^attachment;/);

    await uploadBytes(ref(editor, 'public/t/changed.png'), png, { contentType: 'image/png' });
    await updateMetadata(ref(editor, 'public/t/changed.png'), {
      contentType: 'image/svg+xml',
      contentDisposition: 'inline',
    });
    const changed = await fetch(await getDownloadURL(ref(editor, 'public/t/changed.png')));
    expect(changed.headers.get('content-type')).toBe('image/svg+xml');
    expect(changed.headers.get('content-disposition')).toMatch(/^attachment;/);
    expectSandboxed(changed);
  });

  it('sends the same headers on a range, a revalidation and an image variant', async () => {
    const url = await getDownloadURL(ref(editor, 'public/t/page.html'));
    const range = await fetch(url, { headers: { Range: 'bytes=0-9' } });
    expect(range.status).toBe(206);
    expect(range.headers.get('content-disposition')).toMatch(/^attachment;/);
    expectSandboxed(range);
    const etag = range.headers.get('etag')!;
    const notModified = await fetch(url, { headers: { 'If-None-Match': etag } });
    expect(notModified.status).toBe(304);
    expectSandboxed(notModified);

    const variant = await fetch(`${await getDownloadURL(ref(editor, 'public/t/photo.png'))}&width=480`);
    expect(variant.headers.get('content-type')).toBe('image/webp');
    expect(variant.headers.get('content-disposition')).toMatch(/^inline;/);
    expectSandboxed(variant);
  });
});
