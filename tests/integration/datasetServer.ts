/**
 * A listening test server for the dataset file tests (previews, ZIP): registers its start and
 * disposal with the file's `beforeAll`/`afterAll` and offers the two steps those tests share:
 * storing a public file as the admin's upload would, and publishing a dataset with given files.
 */
import { afterAll, beforeAll } from 'vitest';
import type { FileRef } from '../../src/shared/content/fields';
import { ContentAdminService } from '../../src/server/content/admin';
import { DiskObjectStorePort } from '../../src/server/storage/diskPort';
import { startTestServer, type TestServer } from './helpers';

export const ADMIN = { uid: 'admin-1', email: 'admin@uhmi.example.org', role: 'admin' as const };

export interface DatasetServer {
  server: TestServer;
  origin: string;
  port: DiskObjectStorePort;
  /** Stores `bytes` under `public/{folder}/{name}` and returns its reference. */
  storeFile: (name: string, bytes: Buffer, contentType: string) => Promise<FileRef>;
  /** Creates a published dataset `slug` with `files`, as the admin. */
  createDataset: (slug: string, files: FileRef[]) => Promise<void>;
}

/** The server of a test file, filled in by `beforeAll`; its stored files go under `public/{folder}/`. */
export function useDatasetServer(folder: string, summary = 'Перевірка файлів набору'): DatasetServer {
  const ds = {} as DatasetServer;
  beforeAll(async () => {
    ds.server = await startTestServer();
    ds.origin = await ds.server.listen();
    ds.port = new DiskObjectStorePort(ds.server.objects, ds.server.config.firebase.storageBucket);
  });
  afterAll(async () => {
    await ds.server.dispose();
  });
  ds.storeFile = async (name, bytes, contentType) => {
    const stored = await ds.port.put(`public/${folder}/${name}`, bytes, { contentType });
    return { path: stored.name, name, contentType, size: stored.size, url: ds.port.urlOf(stored)! };
  };
  ds.createDataset = async (slug, files) => {
    await new ContentAdminService(ds.server.content).create(
      'dataRepo',
      { title: `Набір ${slug}`, slug, status: 'published', summary, files },
      ADMIN,
    );
  };
  return ds;
}
