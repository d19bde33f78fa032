import { configDefaults, defineConfig } from 'vitest/config';

// Files that change process-wide state another file would see (PATH without ffmpeg, against once-per-process tool
// checks), or measure it (a child's peak memory, which inherits the worker's environment and thread-pool settings):
// each runs in a fresh process, as every file did before.
const ISOLATED = ['src/**/*.no-tools.test.ts', 'src/infra/render/video.test.ts', 'src/modules/media/media.limits.test.ts'];

export default defineConfig({
  test: {
    pool: 'forks',
    // Two workers on two cores (vitest's default leaves one idle): most files wait on PostgreSQL, child processes
    // and job queues more than they compute, so the second worker fills those waits.
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
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
        },
      },
      { extends: true, test: { name: 'server-isolated', include: ISOLATED } },
    ],
  },
});
