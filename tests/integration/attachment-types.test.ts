/**
 * QA pass 2, findings A2 and A3, on the server over real HTTP on loopback with an editor's session
 * cookie and the official firebase/storage SDK: attachments («Файли») take only the document types
 * of shared/documentFiles.ts (an .exe is refused, naming the file, and nothing is saved; a PDF is
 * taken), «Повний текст (PDF)» takes only PDF, a dataset's files anything but programs; and a file
 * uploaded with the admin's Content-Disposition downloads under the editor's own (Ukrainian) name,
 * not the stamped object name.
 */
import { parse as parseDisposition } from 'content-disposition';
import { disposeAuthClients } from './firebaseClient';
import { ref, uploadBytes, getDownloadURL, type FirebaseStorage } from 'firebase/storage';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadDisposition } from '../../src/shared/contentDisposition';
import { storageClient } from '../security/helpers';
import { fetchTrpc, signedInServer, type TestServer, type TrpcErrorBody } from './helpers';

const EDITOR = { email: 'files-editor@uhmi.example.org', password: 'editor-password-1' };
let server: TestServer;
let origin: string;
let cookie: string;
let storage: FirebaseStorage;

beforeAll(async () => {
  ({ server, origin, cookie } = await signedInServer(EDITOR, 'editor'));
  storage = await storageClient(origin, server.config.firebase.storageBucket, EDITOR);
});

afterAll(async () => {
  await disposeAuthClients();
  server.app.server.closeAllConnections();
  await server?.dispose();
});

/** A tRPC call over HTTP as the admin's browser makes it (superjson envelope), with the editor's cookie. */
const call = (kind: 'query' | 'mutation', procedure: string, input: unknown) =>
  fetchTrpc(origin, kind, procedure, input, { cookie });

/** A file reference as the admin stores it after an upload of `name` to `path`. */
const fileRef = (path: string, name: string, contentType: string) => ({
  path,
  name,
  contentType,
  size: 11,
  url: `/v0/b/${server.config.firebase.storageBucket}/o/${encodeURIComponent(path)}?alt=media&token=t1`,
});

const exe = () => fileRef('public/media/mx0fq5cy-doc.exe', 'doc.exe', 'application/x-ms-dos-executable');
const pdf = () => fileRef('public/media/mx0fq6zg-a.pdf', 'a.pdf', 'application/pdf');
const fieldErrors = (body: TrpcErrorBody) => body.error?.json.data.zodError?.fieldErrors ?? {};
const total = async (type: string, search: string) =>
  ((await call('query', `adminContent.${type}.list`, { search })).body.result?.data.json as { total: number }).total;

describe('attachments («Файли»)', () => {
  it('refuses a document with an .exe attachment, naming the file and the allowed types, and saves nothing', async () => {
    const res = await call('mutation', 'adminContent.docs.create', {
      data: { title: 'Наказ із програмою', date: '2026-03-23', status: 'published', attachments: [pdf(), exe()] },
    });
    expect(res.status).toBe(400);
    expect(res.body.error?.json.data.code).toBe('BAD_REQUEST');
    const [message, ...more] = fieldErrors(res.body)['data.attachments'] ?? [];
    expect(more).toEqual([]);
    expect(message).toMatch(/^doc\.exe: Цей тип файлу не приймається: \.exe\. Дозволено: PDF, DOC, DOCX, /);
    expect(await total('docs', 'програмою')).toBe(0);
  });

  it('refuses a file whose declared type does not fit its extension (an executable named .pdf)', async () => {
    const res = await call('mutation', 'adminContent.news.create', {
      data: {
        title: 'Новина з підробкою',
        date: '2026-03-23T10:00:00+02:00',
        attachments: [{ ...exe(), name: 'звіт.pdf' }],
      },
    });
    expect(res.status).toBe(400);
    expect(fieldErrors(res.body)['data.attachments']).toEqual([
      'звіт.pdf: Тип файлу (application/x-ms-dos-executable) не відповідає розширенню .pdf',
    ]);
  });

  it('takes a PDF, a DOCX, a CSV of type application/vnd.ms-excel and a NetCDF of unknown type', async () => {
    const res = await call('mutation', 'adminContent.docs.create', {
      data: {
        title: 'Звіт з додатками',
        date: '2026-03-23',
        attachments: [
          pdf(),
          fileRef(
            'public/media/b.docx',
            'Звіт.docx',
            'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
          ),
          fileRef('public/media/c.csv', 'дані.csv', 'application/vnd.ms-excel'),
          fileRef('public/media/d.nc', 'tas.nc', 'application/octet-stream'),
        ],
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await total('docs', 'додатками')).toBe(1);
  });
});

describe('«Повний текст (PDF)»', () => {
  it('refuses a PNG as a journal issue’s PDF and takes a PDF', async () => {
    const issue = (pdf: unknown, title: string) => ({ title, year: 2025, volume: 1, number: 2, pdf });
    const png = await call('mutation', 'adminContent.journal.create', {
      data: issue(fileRef('public/media/p.png', 'p.png', 'image/png'), 'Випуск із зображенням'),
    });
    expect(png.status).toBe(400);
    expect(fieldErrors(png.body)['data.pdf']).toEqual(['Оберіть файл PDF']);
    const taken = await call('mutation', 'adminContent.journal.create', { data: issue(pdf(), 'Випуск із PDF') });
    expect(taken.status, JSON.stringify(taken.body)).toBe(200);
  });
});

describe('dataset files', () => {
  it('refuse a program but take a data format the allow-list does not name', async () => {
    const data = (files: unknown[], title: string) => ({ title, summary: 'Опис набору', files });
    const program = await call('mutation', 'adminContent.dataRepo.create', {
      data: data([exe()], 'Набір із програмою'),
    });
    expect(program.status).toBe(400);
    expect(fieldErrors(program.body)['data.files']).toEqual(['doc.exe: Програми та вебсторінки не приймаються: .exe']);
    const grib = fileRef('public/data_repo/t2m.grib2', 't2m.grib2', 'application/octet-stream');
    const ok = await call('mutation', 'adminContent.dataRepo.create', { data: data([grib], 'Набір GRIB') });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
  });
});

describe('download names', () => {
  it.each([
    ['звіт 2025.pdf', 'application/pdf', '%PDF-1.4\n%âãÏÓ\n', 'inline'],
    [
      'Положення (нове).docx',
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      'PK\x03\x04',
      'attachment',
    ],
    // Declared PDF but not PDF bytes: the server makes it an attachment, still under the editor's name.
    ['підроблений звіт.pdf', 'application/pdf', 'MZ\x90\x00 not a PDF', 'attachment'],
  ])('serves %s under its own name, not the stored one', async (name, type, bytes, disposition) => {
    const target = ref(
      storage,
      `public/media/mx0fq5cy-${encodeURIComponent(name).slice(0, 12)}.${name.split('.').pop()}`,
    );
    await uploadBytes(target, new TextEncoder().encode(bytes), {
      contentType: type,
      contentDisposition: uploadDisposition(name, type),
    });
    const res = await fetch(await getDownloadURL(target));
    expect(res.status).toBe(200);
    const header = parseDisposition(res.headers.get('content-disposition')!);
    expect(header.type).toBe(disposition);
    expect(header.parameters.filename).toBe(name);
  });
});
