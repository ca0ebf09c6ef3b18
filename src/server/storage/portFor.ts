/**
 * The object-store port a server runs with: the embedded store in embedded mode, the project's
 * Cloud Storage bucket (through firebase-admin) with BACKEND=firebase. The bucket is
 * FIREBASE_STORAGE_BUCKET in both. The Cloud Storage port (firebase-admin) is loaded only in firebase
 * mode, so the embedded server does not carry it in memory.
 */
import type { Config } from '../config';
import { DiskObjectStorePort } from './diskPort';
import type { ObjectStore } from './objects';
import type { ObjectStorePort } from './port';

export async function objectStorePortFor(
  config: Pick<Config, 'backend' | 'firebase'>,
  objects: ObjectStore,
): Promise<ObjectStorePort> {
  if (config.backend === 'firebase') {
    const { createCloudObjectStore } = await import('./cloudPort');
    return createCloudObjectStore({ projectId: config.firebase.projectId, bucket: config.firebase.storageBucket });
  }
  return new DiskObjectStorePort(objects, config.firebase.storageBucket);
}
