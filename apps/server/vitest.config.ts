import { configDefaults, defineConfig } from 'vitest/config';
import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

// Files that change process-wide state another file would see (PATH without ffmpeg, against once-per-process tool
// checks), or measure it (a child's peak memory, which inherits the worker's environment and thread-pool settings):
// each runs in a fresh process, as every file did before.
const ISOLATED = ['src/**/*.no-tools.test.ts', 'src/infra/render/video.test.ts', 'src/modules/media/media.limits.test.ts'];

// The slowest files (CI, issue 28), slowest first (a quiet run on both databases, 2026-11-29: 125 s down to 16 s).
// Without vitest's results cache (a clean clone) it starts the largest files first, and these are small: one of them
// starting last can keep one worker busy a minute or more after the other has run out of files. With a cache, vitest's
// own order (failed, then longest first) comes before this list.
const SLOWEST = [
  'src/modules/webdav/webdav.rclone.test.ts',
  'src/modules/upload/upload.crash.test.ts',
  'src/infra/captcha/captcha-attack.test.ts',
  'src/infra/captcha/captcha-image-attack.test.ts',
  'src/modules/foryou/foryou.videos.test.ts',
  'src/test/jobs.crash.test.ts',
  // 53 s at load 8 (a 2.1 GB archive through upload and import; SQLite only).
  'src/modules/migration/takeout.large.test.ts',
  'src/modules/office/office.preview.test.ts',
  'src/modules/foryou/foryou.albums.test.ts',
  'src/modules/upload/upload.whole-file.test.ts',
  'src/modules/private-shares/private-shares.test.ts',
  'src/modules/files/files.listing.test.ts',
];

class SlowestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    if (sorted.some((f) => this.ctx.cache.getFileTestResults(`${f.project.name}:${path.relative(this.ctx.config.root, f.moduleId)}`))) return sorted;
    const rank = (f: TestSpecification) => {
      const i = SLOWEST.indexOf(path.relative(this.ctx.config.root, f.moduleId).split(path.sep).join('/'));
      return i === -1 ? SLOWEST.length : i;
    };
    // Stable, and only within a project: vitest keeps each project's files together.
    return sorted
      .map((f, i) => ({ f, i }))
      .sort((a, b) => (a.f.project.name === b.f.project.name ? rank(a.f) - rank(b.f) || a.i - b.i : a.i - b.i))
      .map(({ f }) => f);
  }
}

export default defineConfig({
  test: {
    pool: 'forks',
    // Migrates once per run into templates every test database is copied from (src/test/global-setup.ts).
    globalSetup: ['src/test/global-setup.ts'],
    // Password hashes at argon2id's smallest cost (src/shared/password.ts; its test checks the production cost).
    env: { BULUT_TEST_FAST_PASSWORD_HASH: '1' },
    // Per-file CPU seconds into BULUT_TEST_CPU_LOG when it is set (src/test/cpu-log.setup.ts); nothing otherwise.
    setupFiles: ['src/test/cpu-log.setup.ts'],
    sequence: { sequencer: SlowestFirst },
    // Two workers on two cores (vitest's default leaves one idle): most files wait on PostgreSQL, child processes
    // and job queues more than they compute, so the second worker fills those waits.
    maxWorkers: 2,
    // Budgets for a loaded CI machine (e2e and the web suite run beside this one on the same two cores): a test that
    // takes 5 s alone took over 30 s there. A broken test still fails; it only fails later.
    // After the merges of 2026-11-30 a clean-clone run sat at load 17–21 (LibreOffice in office tests and e2e previews):
    // office.preview.test.ts took 404 s for 6 tests (50 s in an earlier run), so 120 s a test was close.
    testTimeout: 300_000,
    hookTimeout: 300_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'server',
          include: ['src/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...ISOLATED],
          // The app's module graph costs a few seconds of CPU to load; loaded once per worker instead of once per
          // file (126 files) it saves minutes of CI. Tests share no state through modules: each builds its own app.
          isolate: false,
          // So each worker's heap lives the whole run: a file that blows it up fails the worker, not just itself. One did
          // (toEqual on 8 MiB Buffers in upload.dedup.test.ts walks them key by key: 4 GB and 179 s); since that fix a
          // whole run peaks at 513 MB a worker (`--logHeapUsage`, both databases, 2026-11-30).
        },
      },
      { extends: true, test: { name: 'server-isolated', include: ISOLATED } },
    ],
  },
});
