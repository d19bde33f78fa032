import fs from 'node:fs';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

// Overridable so several checkouts can run their suites side by side on one machine.
export const E2E_PORT = Number(process.env.E2E_PORT ?? 18080);
/** The local OpenID provider standing in for Google and Apple (apps/server/src/test/oidc-provider.ts). */
export const E2E_OIDC_PORT = E2E_PORT + 1;
export const E2E_OIDC_ISSUER = `http://127.0.0.1:${E2E_OIDC_PORT}`;
export const E2E_GOOGLE_CLIENT_ID = 'bulut-e2e-google';
export const E2E_APPLE_CLIENT_ID = 'bulut-e2e-apple';
/** The local Dropbox protocol server (apps/server/src/test/dropbox-fake.main.ts), consent page included. */
export const E2E_DROPBOX_PORT = E2E_PORT + 2;
export const E2E_DATA_DIR = path.resolve(import.meta.dirname, '.tmp/data');

/**
 * Debian's Chromium as its headless shell (package chromium-headless-shell: the same version and engine without the
 * desktop browser around it), which Playwright itself uses for headless runs. Measured on the whole suite (issue 28):
 * 1,030 → 705 CPU-s, a new page 0.59 → 0.05 CPU-s. `E2E_CHROMIUM=/usr/bin/chromium` runs it in the full browser.
 */
const CHROMIUM = process.env.E2E_CHROMIUM ?? ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find((file) => fs.existsSync(file));

const DESKTOP = { viewport: { width: 1280, height: 800 } };
const PHONE = { viewport: { width: 375, height: 740 }, isMobile: false, hasTouch: true };
/**
 * Specs that change state every visitor shares (a remote-config flag, the prize draw's running campaign): the same
 * spec never runs in two viewports at once.
 */
const GLOBAL_SPECS = /(ops|draw)\.spec\.ts$/;

/** Runs against the real built app and server (SQLite + disk), in Debian's Chromium; Playwright never downloads a browser. */
export default defineConfig({
  testDir: './tests',
  // Budgets for a CI machine at load 20–25 with a quarter of its CPU in the kernel (2026-11-30): tests that take 50 s
  // alone took over 60 s there, so this default and every test's own setTimeout were doubled. A passing test waits no
  // longer; only a hung one fails later.
  timeout: 120_000,
  // CI runs this beside the server and web suites on two cores, with media jobs in the server under test: a step that
  // takes 1 s alone has taken over 10 s there. A passing test waits no longer for it; a failing one fails later.
  expect: { timeout: 20_000 },
  // Two workers: a test spends much of its time waiting on the server (jobs, mail, media), so two at once keep both
  // cores busy. Each test makes its own accounts (support.ts newUser() carries the worker's slot); a spec that changes
  // what every subscriber sees (the console's remote-config flag) runs in its own projects, one viewport after the other.
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: 0,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${E2E_PORT}`,
    // Traces cost a third of a run's CPU with their screencast (measured: 78 → 53 CPU-s for two specs without any trace);
    // CI keeps none (its log is all that is read), a local run keeps DOM snapshots of a failed test without the screencast.
    trace: process.env.CI ? 'off' : { mode: 'retain-on-failure', screenshots: false, snapshots: true },
    screenshot: 'only-on-failure',
    // The setting many people choose, and the product honours (global.css): placeholders and spinners do not animate,
    // so a headless browser does not composite frames for them the whole time a test waits.
    reducedMotion: 'reduce',
    launchOptions: {
      executablePath: CHROMIUM,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
        '--disable-dev-shm-usage',
        ...(process.env.E2E_CHROMIUM_EXTRA_ARGS?.split(' ').filter(Boolean) ?? []),
      ],
    },
  },
  projects: [
    { name: 'desktop', testIgnore: GLOBAL_SPECS, use: DESKTOP },
    { name: 'phone', testIgnore: GLOBAL_SPECS, use: PHONE },
    // One worker each: two of these specs at once would see each other's campaign or flag (campaigns-ops' running draw
    // is what draw.spec's /cekilis then showed).
    { name: 'console-desktop', testMatch: GLOBAL_SPECS, use: DESKTOP, workers: 1 },
    { name: 'console-phone', testMatch: GLOBAL_SPECS, use: PHONE, dependencies: ['console-desktop'], workers: 1 },
  ],
  webServer: [
    {
      // The login typed on its sign-in page is the person's e-mail; any password goes.
      command: 'npx tsx ../apps/server/src/test/oidc-provider.main.ts',
      url: `${E2E_OIDC_ISSUER}/.well-known/openid-configuration`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: {
        OIDC_PORT: String(E2E_OIDC_PORT),
        OIDC_APP_ORIGINS: `http://127.0.0.1:${E2E_PORT}`,
        OIDC_GOOGLE_CLIENT_ID: E2E_GOOGLE_CLIENT_ID,
        OIDC_APPLE_CLIENT_ID: E2E_APPLE_CLIENT_ID,
      },
    },
    {
      command: 'npx tsx ../apps/server/src/test/dropbox-fake.main.ts',
      // Its consent page answers 400 without an authorisation's parameters: up is what counts.
      url: `http://127.0.0.1:${E2E_DROPBOX_PORT}/oauth2/authorize`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: { DROPBOX_FAKE_PORT: String(E2E_DROPBOX_PORT) },
    },
    {
      command: 'node ../apps/server/dist/main.js',
      url: `http://127.0.0.1:${E2E_PORT}/api/auth/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: {
        PORT: String(E2E_PORT),
        HOST: '127.0.0.1',
        DATA_DIR: E2E_DATA_DIR,
        LOG_LEVEL: 'warn',
        PUBLIC_URL: `http://127.0.0.1:${E2E_PORT}`,
        JOB_POLL_MS: '100',
        // Many sign-ups from one address in a short run; the captcha flow itself is covered by the server tests.
        SIGNUP_CAPTCHA_THRESHOLD: '10000',
        AUTH_RATE_LIMIT_PER_MINUTE: '10000',
        // Every console spec sets up its operators from 127.0.0.1 within a minute or two; the console's stricter per-IP
        // budget (10 a minute by default) is covered by the server tests.
        OPS_AUTH_RATE_LIMIT_PER_MINUTE: '10000',
        CAPTCHA_FAILURE_THRESHOLD: '50',
        // For you: new photos settle 10 s (not 2 min) before a generation run, so a test sees collages within its time.
        // Not 1 s: photos of one upload are processed seconds apart, and each then started a run of its own (13 runs
        // for 3 accounts of 5 photos, measured); 10 s gathers an upload into one run, as the 2 minutes do in production.
        FORYOU_SETTLE_SECONDS: '10',
        // No spec looks at things (Discover's object albums: apps/server things.test.ts covers them), and the detector
        // cost ~0.2–0.4 CPU-s for every photo any test uploaded, besides loading its model (README: THINGS_DETECTION).
        THINGS_DETECTION: 'off',
      // Every recovery test starts from 127.0.0.1; the recovery captcha itself is covered by the server tests.
      FORGOT_PASSWORD_CAPTCHA_THRESHOLD: '1000',
        GOOGLE_CLIENT_ID: E2E_GOOGLE_CLIENT_ID,
        GOOGLE_ISSUER: E2E_OIDC_ISSUER,
        APPLE_CLIENT_ID: E2E_APPLE_CLIENT_ID,
        APPLE_ISSUER: E2E_OIDC_ISSUER,
        // Issue 34: the Dropbox import against the local Dropbox (the fake's app key).
        DROPBOX_APP_KEY: 'fake-app-key',
        DROPBOX_APP_SECRET: 'fake-app-secret',
        DROPBOX_API_URL: `http://127.0.0.1:${E2E_DROPBOX_PORT}`,
        DROPBOX_CONTENT_URL: `http://127.0.0.1:${E2E_DROPBOX_PORT}`,
        DROPBOX_OAUTH_URL: `http://127.0.0.1:${E2E_DROPBOX_PORT}`,
      },
    },
  ],
});
