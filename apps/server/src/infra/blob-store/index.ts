export * from './blob-store.js';
export { createBlobStore } from './create-blob-store.js';
export type { BlobStoreConfig } from './create-blob-store.js';
export { DiskBlobStore } from './disk-blob-store.js';
export { S3BlobStore } from './s3-blob-store.js';
export type { S3BlobStoreConfig } from './s3-blob-store.js';
