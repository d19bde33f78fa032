import { expect } from 'vitest';
import type { TestApp } from '../../test/harness.js';
import { uploadApi } from '../upload/upload.fixtures.js';

/** Runs every due job (media first, then what its listeners queued) until none is left. */
export async function runAllJobs(t: TestApp): Promise<void> {
  while ((await t.app.jobs.runDue()) > 0) {
    // until nothing is due
  }
}

/** Uploads a JPEG whole; its uuid. */
export async function uploadJpeg(t: TestApp, token: string, name: string, body: Buffer): Promise<string> {
  const res = await uploadApi(t, token).whole(name, body, { contentType: 'image/jpeg' });
  expect(res.statusCode).toBe(201);
  return res.json().uuid as string;
}
