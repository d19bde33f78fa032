import type { BlobStore } from './blob-store.js';
import { DiskBlobStore } from './disk-blob-store.js';
import { S3BlobStore } from './s3-blob-store.js';
import type { S3BlobStoreConfig } from './s3-blob-store.js';

export type BlobStoreConfig = { kind: 'disk'; root: string } | ({ kind: 's3' } & S3BlobStoreConfig);

export function createBlobStore(cfg: BlobStoreConfig): BlobStore {
  switch (cfg.kind) {
    case 'disk':
      return new DiskBlobStore(cfg.root);
    case 's3': {
      const { kind: _kind, ...s3 } = cfg;
      return new S3BlobStore(s3);
    }
  }
}
