import type { BlobStore } from './blob-store.js';
import { DiskBlobStore } from './disk-blob-store.js';
import type { S3BlobStoreConfig } from './s3-blob-store.js';

export type BlobStoreConfig = { kind: 'disk'; root: string } | ({ kind: 's3' } & S3BlobStoreConfig);

/** The S3 store and the AWS SDK (~0.1 CPU-s to load) are loaded only when S3 is configured (issue 28). */
export async function createBlobStore(cfg: BlobStoreConfig): Promise<BlobStore> {
  switch (cfg.kind) {
    case 'disk':
      return new DiskBlobStore(cfg.root);
    case 's3': {
      const { kind: _kind, ...s3 } = cfg;
      const { S3BlobStore } = await import('./s3-blob-store.js');
      return new S3BlobStore(s3);
    }
  }
}
