import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rows } from '@sf/db';
import { createTestApp, dbLabel, withApp, type TestApp } from '../../test/helper.ts';
import { runDueJobs } from '../../lib/jobs.ts';
import { registry } from '../../lib/metrics.ts';
import { queueSms, SENT_CODE_TEXT, SMS_ATTEMPTS, SMS_JOB } from './service.ts';
import { startSmsServer, type LocalSms } from './testing.ts';

// The sms.send job against the local Termii-compatible gateway on its own port, over real HTTP:
// what is queued arrives, a code's text leaves the jobs table once handled, faults are retried
// and given up on, and sf_sms_sent_total counts each outcome.

const counted = async (purpose: string, outcome: string) =>
  (await registry.getSingleMetric('sf_sms_sent_total')!.get()).values.find(
    (v) => v.labels.purpose === purpose && v.labels.outcome === outcome,
  )?.value ?? 0;

describe(`SMS through the gateway (${dbLabel()})`, () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp({ smsApiKey: 'x'.repeat(8), smsBaseUrl: 'http://127.0.0.1:9' });
  });
  afterAll(() => app.close());
  it('an app configured with SMS_API_KEY uses the gateway and mounts no local one', async () => {
    expect(app.app.smsMode).toBe('live');
    expect((await app.get('/sms-test')).status).toBe(404);
  });
});

describe(`the sms.send job (${dbLabel()})`, () => {
  let srv: LocalSms;
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
    srv = await startSmsServer(app.handle.db);
  });
  afterAll(async () => {
    await srv.close();
    await app.close();
  });
  beforeEach(() => srv.control.reset());

  const jobs = () =>
    rows<{ id: string; payload: any; attempts: number; done_at: unknown; failed_at: unknown }>(
      app.handle.db,
      sql`select id, payload, attempts, done_at, failed_at from jobs where kind = ${SMS_JOB} order by created_at`,
    );
  const run = (c: typeof app.app) => runDueJobs(c, { until: new Date(Date.now() + 3_600_000) });

  it('a queued notice reaches the gateway as Termii takes it; the metric counts it sent', async () => {
    await withApp({ db: app.handle.db, config: srv.config }, async ({ app: a }) => {
      const before = await counted('notice', 'sent');
      await queueSms(a.db, { to: '+2348030000001', text: 'Your order shipped', purpose: 'notice' });
      await run(a);
      const [m] = await srv.control.messages('+2348030000001');
      expect(m).toMatchObject({ to: '2348030000001', from: 'SpareFinder', channel: 'generic' });
      expect(m.text).toBe('Your order shipped');
      expect(await counted('notice', 'sent')).toBe(before + 1);
      // A notice keeps its text (staff may look at a failed one); only codes are wiped.
      expect((await jobs()).at(-1)!.payload.text).toBe('Your order shipped');
    });
  });

  it('a sign-in code’s text is gone from the jobs table once sent: the code lives only hashed', async () => {
    await withApp({ db: app.handle.db, config: srv.config }, async ({ app: a }) => {
      await queueSms(a.db, { to: '+2348030000002', text: 'Code 482913', purpose: 'code' });
      await run(a);
      expect((await srv.control.messages('+2348030000002'))[0].text).toBe('Code 482913');
      const job = (await jobs()).at(-1)!;
      expect(job.done_at).not.toBeNull();
      expect(JSON.stringify(job.payload)).not.toContain('482913');
      expect(job.payload.text).toBe(SENT_CODE_TEXT);
    });
  });

  it('a gateway failing with 5xx is tried again; after the last try the job fails, the code text is wiped and counted failed', async () => {
    await withApp({ db: app.handle.db, config: srv.config }, async ({ app: a }) => {
      const failed = await counted('code', 'failed');
      srv.control.fault({ mode: '5xx', times: 1 });
      await queueSms(a.db, { to: '+2348030000003', text: 'Code 111222', purpose: 'code' });
      await run(a);
      // The first answer was a 500 after sending; the retry sent it again (the same code).
      expect(await srv.control.messages('+2348030000003')).toHaveLength(2);
      expect((await jobs()).at(-1)!.attempts).toBe(2);
      expect(await counted('code', 'failed')).toBe(failed);

      srv.control.fault({ mode: '5xx' });
      await queueSms(a.db, { to: '+2348030000004', text: 'Code 333444', purpose: 'code' });
      await run(a);
      const job = (await jobs()).at(-1)!;
      expect(job.attempts).toBe(SMS_ATTEMPTS);
      expect(job.failed_at).not.toBeNull();
      expect(JSON.stringify(job.payload)).not.toContain('333444');
      expect(await counted('code', 'failed')).toBe(failed + 1);
    });
  });

  it('a slow gateway past the timeout and a lost answer are tried again too', async () => {
    await withApp(
      { db: app.handle.db, config: { ...srv.config, smsTimeoutMs: 300 } },
      async ({ app: a }) => {
        srv.control.fault({ mode: 'slow', delayMs: 1000, times: 1 });
        srv.control.fault({ mode: 'lost', times: 1 });
        await queueSms(a.db, { to: '+2348030000005', text: 'Hello', purpose: 'notice' });
        await run(a);
        const job = (await jobs()).at(-1)!;
        expect(job.done_at).not.toBeNull();
        expect(job.attempts).toBe(3);
      },
    );
  });

  it('a code that expired while the gateway was down is not sent at all', async () => {
    await withApp({ db: app.handle.db, config: srv.config }, async ({ app: a }) => {
      const failed = await counted('code', 'failed');
      await queueSms(a.db, {
        to: '+2348030000006',
        text: 'Code 999000',
        purpose: 'code',
        expiresAt: new Date(Date.now() - 1000).toISOString(),
      });
      await run(a);
      expect(await srv.control.messages('+2348030000006')).toHaveLength(0);
      expect(await counted('code', 'failed')).toBe(failed + 1);
      expect(JSON.stringify((await jobs()).at(-1)!.payload)).not.toContain('999000');
    });
  });

  it('without SMS_API_KEY (demo) the app mounts the local gateway under /sms-test: sent messages are listed on its page', async () => {
    expect(app.app.smsMode).toBe('local');
    await queueSms(app.app.db, {
      to: '+2348030000007',
      text: 'Demo <b>text</b>',
      purpose: 'notice',
    });
    await run(app.app);
    const page = await app.get('/sms-test?to=2348030000007');
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.text).toContain('+2348030000007');
    expect(page.text).toContain('Demo &lt;b&gt;text&lt;/b&gt;');
    expect(page.text).toContain('nothing reaches a phone');
    // The same protocol in process: a wrong key is Termii's 401.
    const wrong = await app.post('/sms-test/api/sms/send', {
      api_key: 'nope',
      to: '2348030000007',
      from: 'SpareFinder',
      sms: 'x',
      type: 'plain',
      channel: 'generic',
    });
    expect(wrong.status).toBe(401);
  });

  it('production without demo data and without SMS_API_KEY has no SMS and no /sms-test page; a queued message fails, counted', async () => {
    await withApp(
      { db: app.handle.db, config: { production: true, demoData: false } },
      async ({ app: a, get }) => {
        expect(a.sms).toBeNull();
        expect((await get('/sms-test')).status).toBe(404);
        const failed = await counted('notice', 'failed');
        await queueSms(a.db, { to: '+2348030000008', text: 'x', purpose: 'notice' });
        await run(a);
        expect(await counted('notice', 'failed')).toBe(failed + 1);
      },
    );
  });
});
