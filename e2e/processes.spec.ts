import { expect, test } from '@playwright/test';
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import http from 'node:http';
import net from 'node:net';
import pg from 'pg';
import { ensureServerBuild, serverEntry } from '../scripts/build-server.mjs';

// WEB_CONCURRENCY: several server processes on one port against the PostgreSQL server
// (apps/api/src/lib/processes.ts). The real server, started here on its own fresh database.
const serverUrl = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });

const reachable = (url: string) =>
  new Promise<boolean>((resolve) => {
    const u = new URL(url);
    const sock = net.connect(
      { host: u.hostname, port: Number(u.port || 5432), timeout: 1500 },
      () => (sock.destroy(), resolve(true)),
    );
    sock.on('error', () => resolve(false));
    sock.on('timeout', () => (sock.destroy(), resolve(false)));
  });

interface Answer {
  status: number;
  worker?: string;
  cache?: string;
}

/** One request on a new connection, so the cluster hands it to the next process in turn. */
function call(port: number, path: string, method = 'GET', body?: object): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const payload = body ? JSON.stringify(body) : undefined;
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        path,
        method,
        agent: false,
        headers: payload
          ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }
          : {},
      },
      (res) => {
        res.resume();
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            worker: res.headers['x-worker'] as string,
            cache: res.headers['x-page-cache'] as string,
          }),
        );
      },
    );
    req.setTimeout(5000, () => req.destroy(new Error(`no answer to ${method} ${path}`)));
    req.on('error', reject);
    req.end(payload);
  });
}

async function waitForHealth(port: number, child: ChildProcess) {
  for (let i = 0; i < 240; i++) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    const ok = await call(port, '/api/health').then(
      (r) => r.status === 200,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('server did not start');
}

const exited = (child: ChildProcess) =>
  new Promise<number | null>((resolve) =>
    child.exitCode !== null ? resolve(child.exitCode) : child.once('exit', (code) => resolve(code)),
  );

test.describe('several server processes', () => {
  // Runs once (one project): it starts servers of its own, not the spec's.
  test.skip(
    ({ viewport }) => (viewport?.width ?? 1280) < 768,
    'server behaviour, not a screen size: runs once, on desktop',
  );

  test('share one port, clear every guest page cache on a write, replace a dead process and stop together', async () => {
    test.setTimeout(120_000);
    // Skipped only without a PostgreSQL server: several processes cannot share PGlite.
    test.skip(
      !(await reachable(serverUrl)),
      'needs the PostgreSQL server (TEST_DATABASE_URL or 127.0.0.1:5432)',
    );
    const name = `sf_e2e_${crypto.randomBytes(5).toString('hex')}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const dbUrl = new URL(serverUrl);
    dbUrl.pathname = `/${name}`;
    const port = await freePort();
    // The compiled server, as production runs it (npm start built it for the spec's own server).
    await ensureServerBuild({ quiet: true });
    const child = spawn(process.execPath, [serverEntry], {
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATABASE_URL: dbUrl.toString(),
        WEB_CONCURRENCY: '2',
        NODE_ENV: 'production',
        DEMO_DATA: 'false',
        // No mail server here: the outbox stands in, knowingly.
        MAIL_OFF: 'true',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout!.on('data', (d) => (output += d));
    child.stderr!.on('data', (d) => (output += d));
    try {
      await waitForHealth(port, child);
      // The first process may serve before the second has started: wait until both answer.
      const up = new Set<string>();
      for (let i = 0; i < 300 && up.size < 2; i++) {
        const r = await call(port, '/api/health');
        up.add(r.worker!);
        if (up.size < 2) await new Promise((res) => setTimeout(res, 100));
      }
      expect([...up].sort()).toEqual(['1', '2']);

      // Both processes answer, and each comes to serve the guest page from its own cache.
      const cached = new Set<string>();
      for (let i = 0; i < 40 && cached.size < 2; i++) {
        const r = await call(port, '/contact-us');
        expect(r.status).toBe(200);
        if (r.cache === 'hit') cached.add(r.worker!);
      }
      expect([...cached].sort()).toEqual(['1', '2']);

      // A write in one process empties the cache of both: each one's next answer is rendered anew.
      const sub = await call(port, '/api/email/contact-list/newsletter', 'POST', {
        emailAddress: `procs-${Date.now()}@example.com`,
      });
      expect(sub.status).toBe(200);
      const firstAfter = new Map<string, string>();
      for (let i = 0; i < 20 && firstAfter.size < 2; i++) {
        const r = await call(port, '/contact-us');
        if (!firstAfter.has(r.worker!)) firstAfter.set(r.worker!, r.cache!);
      }
      expect(Object.fromEntries(firstAfter)).toEqual({ '1': 'miss', '2': 'miss' });

      // A process that dies is replaced (cluster ids count up: the new one is 3).
      const pids = (
        await new Promise<string>((resolve) => {
          const ps = spawn('ps', ['-o', 'pid=', '--ppid', String(child.pid)]);
          let out = '';
          ps.stdout.on('data', (d) => (out += d));
          ps.on('close', () => resolve(out));
        })
      )
        .trim()
        .split(/\s+/)
        .map(Number);
      expect(pids).toHaveLength(2);
      process.kill(pids[0], 'SIGKILL');
      const seen = new Set<string>();
      for (let i = 0; i < 300 && !seen.has('3'); i++) {
        const r = await call(port, '/api/health').catch(() => undefined);
        if (r?.status === 200) seen.add(r.worker!);
        if (!seen.has('3')) await new Promise((res) => setTimeout(res, 100)); // it takes a few seconds to start
      }
      expect(seen.has('3')).toBe(true);
      expect(output).toContain('died');

      // SIGTERM stops the workers, then the primary, cleanly.
      child.kill('SIGTERM');
      expect(await exited(child)).toBe(0);
      for (const pid of pids.slice(1)) expect(() => process.kill(pid, 0)).toThrow();
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    }
  });
});
