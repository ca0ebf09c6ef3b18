/**
 * The object-store port a server runs with: the embedded store in embedded mode, the project's
 * Cloud Storage bucket (through firebase-admin) with BACKEND=firebase. The bucket is
 * FIREBASE_STORAGE_BUCKET in both.
 */
import type { Config } from '../config';
import { createCloudObjectStore } from './cloudPort';
import { DiskObjectStorePort } from './diskPort';
import type { ObjectStore } from './objects';
import type { ObjectStorePort } from './port';

export function objectStorePortFor(config: Pick<Config, 'backend' | 'firebase'>, objects: ObjectStore): ObjectStorePort {
  if (config.backend === 'firebase') {
    return createCloudObjectStore({ projectId: config.firebase.projectId, bucket: config.firebase.storageBucket });
  }
  return new DiskObjectStorePort(objects, config.firebase.storageBucket);
}
