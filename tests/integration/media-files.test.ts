/**
 * QA findings 1 and 3 on the server, over real HTTP on loopback with an editor's session cookie:
 * an image field refuses a reference whose type is not an image the site serves (the validation
 * error names the field), and `adminMedia.usage` names the documents that use a stored file (a
 * cover's reference or a link in rich text), for staff only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOT_AN_IMAGE_MESSAGE } from '../../src/shared/imageFiles';
import { fetchTrpc, signedInServer, type TestServer } from './helpers';

const EDITOR = { email: 'media-editor@uhmi.example.org', password: 'editor-password-1' };
let server: TestServer;
let origin: string;
let cookie: string;

beforeAll(async () => {
  ({ server, origin, cookie } = await signedInServer(EDITOR, 'editor'));
});

afterAll(async () => {
  await server?.dispose();
});

/** A tRPC call over HTTP as the admin's browser makes it (superjson envelope), with the editor's cookie unless `as` is ''. */
const call = (kind: 'query' | 'mutation', procedure: string, input: unknown, as = cookie) =>
  fetchTrpc(origin, kind, procedure, input, as ? { cookie: as } : {});

const cover = (path: string, contentType: string) => ({
  path,
  name: path.split('/').pop(),
  contentType,
  size: 1234,
  url: `/v0/b/${server.config.firebase.storageBucket}/o/${encodeURIComponent(path)}?alt=media&token=t1`,
  alt: 'Метеомайданчик інституту',
});

describe('image references', () => {
  it('refuses a cover whose type is application/octet-stream, naming the field, and saves nothing', async () => {
    const title = 'Новина з підробленою обкладинкою';
    const res = await call('mutation', 'adminContent.news.create', {
      data: {
        title,
        date: '2026-03-23T10:00:00+02:00',
        cover: cover('public/media/doc.exe', 'application/octet-stream'),
      },
    });
    expect(res.status).toBe(400);
    expect(res.body.error?.json.data.code).toBe('BAD_REQUEST');
    expect(res.body.error?.json.data.zodError?.fieldErrors['data.cover.contentType']).toEqual([NOT_AN_IMAGE_MESSAGE]);
    const list = await call('query', 'adminContent.news.list', { search: 'підробленою' });
    expect((list.body.result?.data.json as { total: number }).total).toBe(0);
  });

  it('accepts JPEG, PNG, WebP, GIF and SVG covers', async () => {
    for (const type of ['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/svg+xml']) {
      const res = await call('mutation', 'adminContent.news.create', {
        data: {
          title: `Обкладинка ${type}`,
          date: '2026-03-23T10:00:00+02:00',
          cover: cover('public/media/c.img', type),
        },
      });
      expect(res.status, type).toBe(200);
    }
  });
});

describe('adminMedia.usage', () => {
  it('names the documents that use a file, published or draft, by type and title', async () => {
    const path = 'public/media/mx0a0amf-test.png';
    const published = await call('mutation', 'adminContent.news.create', {
      data: {
        title: 'Тестова новина QA',
        date: '2026-03-23T10:00:00+02:00',
        status: 'published',
        cover: cover(path, 'image/png'),
      },
    });
    expect(published.status).toBe(200);
    const link = cover(path, 'image/png').url;
    const draft = await call('mutation', 'adminContent.news.create', {
      data: {
        title: 'Чернетка з посиланням',
        date: '2026-03-24T10:00:00+02:00',
        body: `<p><a href="${link}">Звіт</a></p>`,
      },
    });
    expect(draft.status).toBe(200);

    const res = await call('query', 'adminMedia.usage', { path });
    expect(res.status).toBe(200);
    const usage = res.body.result?.data.json as { users: Array<Record<string, unknown>>; total: number };
    expect(usage.total).toBe(2);
    expect(usage.users.map(({ typeLabel, title, published }) => ({ typeLabel, title, published }))).toEqual(
      expect.arrayContaining([
        { typeLabel: 'Новини', title: 'Тестова новина QA', published: true },
        { typeLabel: 'Новини', title: 'Чернетка з посиланням', published: false },
      ]),
    );
  });

  it('finds nothing for a file no document uses', async () => {
    const res = await call('query', 'adminMedia.usage', { path: 'public/media/nobody-uses-this.png' });
    expect(res.body.result?.data.json).toEqual({ users: [], total: 0 });
  });

  it('is for signed-in staff only', async () => {
    const res = await call('query', 'adminMedia.usage', { path: 'public/media/mx0a0amf-test.png' }, '');
    expect(res.status).toBe(401);
    expect(res.body.result).toBeUndefined();
  });
});
