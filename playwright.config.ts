import { defineConfig, devices } from '@playwright/test';
import crypto from 'node:crypto';
import os from 'node:os';
import path from 'node:path';

// One port and data folder per checkout, so two checkouts can test side by side.
const tag = crypto.createHash('md5').update(process.cwd()).digest().readUInt16BE(0);
const port = Number(process.env.E2E_PORT ?? 4100 + (tag % 800));
const dataDir = path.join(os.tmpdir(), `sf-e2e-${tag}`);

const chromium = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--disable-dev-shm-usage',
  ],
};

// Staff and back-office work (the admin area, CSV imports of a whole stock list, plan billing),
// the guest page cache and what crawlers read (server behaviour, no layout) run at desktop size
// only.
const DESKTOP_ONLY = [
  '**/admin-content.spec.ts',
  '**/admin-catalogue.spec.ts',
  '**/csv-import.spec.ts',
  '**/subscriptions.spec.ts',
  '**/page-cache.spec.ts',
  '**/seo.spec.ts',
];

export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 7_000 },
  reporter: [['list'], ['json', { outputFile: 'test-results/e2e.json' }]],
  use: { baseURL: `http://127.0.0.1:${port}`, launchOptions: chromium, trace: 'on-first-retry' },
  projects: [
    {
      name: 'phone',
      // Staff and back-office work (the admin area, CSV imports of a whole stock list, plan
      // billing) and the guest page cache (server behaviour, no layout) run at desktop size
      // only: on a 2-core CI machine every spec at both sizes took the browser run past half an
      // hour. The phone layout of everything a buyer, seller or provider uses stays in here.
      testIgnore: DESKTOP_ONLY,
      use: {
        ...devices['Pixel 5'],
        viewport: { width: 360, height: 740 },
        browserName: 'chromium',
      },
    },
    {
      name: 'desktop',
      // E2E_SIZES=phone (scripts/test.mjs, on a machine too slow for both sizes in CI's time):
      // desktop size runs only the specs the phone project leaves out.
      ...(process.env.E2E_SIZES === 'phone' ? { testMatch: DESKTOP_ONLY } : {}),
      use: { viewport: { width: 1280, height: 800 }, browserName: 'chromium' },
    },
  ],
  webServer: {
    command: `rm -rf ${dataDir} && node scripts/start.mjs`,
    url: `http://127.0.0.1:${port}/api/health`,
    timeout: 180_000,
    reuseExistingServer: false,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      NODE_ENV: 'production',
      DEMO_DATA: 'true',
      LOG_LEVEL: 'warn',
      E2E: '1',
      // Every browser test signs up from 127.0.0.1: room for the whole suite and its retries.
      REGISTRATIONS_PER_HOUR: '1000',
      // Specs that need a visitor of their own (per-address limits: five contact messages an
      // hour) say so with X-Forwarded-For; browsers send none, so they stay 127.0.0.1.
      TRUST_PROXY: '127.0.0.1',
      // An unpaid order gives its parts back after 30 s, so a browser test can watch it (time
      // enough for a test to see the parts held first, on a loaded machine).
      ORDER_HOLD_SECONDS: '30',
      // Web Push on, so the consent button shows (decision 0027). A TEST-ONLY key pair, made
      // with `npx web-push generate-vapid-keys` for these specs and public in this file: never
      // use it on a real site (anyone could sign pushes to its subscribers).
      VAPID_PUBLIC_KEY:
        'BBXOJgxN5DFRbeQzKn-JD9q2mhUs5XoxjihqcfwQDB00NtaODcgL46BLzLTA7AiuGiL0eHc49wZP5BBwh_1gr8M',
      VAPID_PRIVATE_KEY: 'SjtcmccLFEIRe151cuDLB07Hw_F86RmEzKxlqCDc7iU',
      VAPID_SUBJECT: 'mailto:e2e@sparefinder.test',
    },
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
