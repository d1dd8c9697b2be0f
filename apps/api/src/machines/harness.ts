// What the cross-machine tests run: real server processes (apps/api/src/server.ts, as systemd
// starts them), a fresh PostgreSQL database, TCP proxies that stand for the network to
// PostgreSQL and Redis (stopped and started to simulate an outage without touching the
// machine's own servers, which other tests use), and Debian's nginx with deploy/nginx.conf.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { SERVER_ENV, SERVER_NODE_FLAGS } from '../../../../scripts/server-flags.mjs';
import { ensureServerBuild, serverEntry } from '../../../../scripts/build-server.mjs';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

/** Whether something accepts TCP connections at host:port (within 1 s). */
export function reachable(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = net.connect({ host, port });
    s.setTimeout(1000);
    s.once('connect', () => (s.end(), resolve(true)));
    s.once('error', () => resolve(false));
    s.once('timeout', () => (s.destroy(), resolve(false)));
  });
}

/** A new database on the server of `serverUrl`; `drop()` removes it, connections and all. */
export async function freshDatabase(serverUrl: string, prefix = 'sf_machines') {
  const name = `${prefix}_${crypto.randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const u = new URL(serverUrl);
  u.pathname = `/${name}`;
  return {
    name,
    url: u.toString(),
    async drop() {
      const a = new pg.Client({ connectionString: serverUrl });
      await a.connect();
      await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await a.end();
    },
  };
}

/** A free TCP port on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

/**
 * A TCP relay to `target` on its own port. `stop()` is the outage: the port refuses new
 * connections and every open one is cut, as when the server restarts; `start()` ends it.
 */
export async function tcpProxy(target: { host: string; port: number }) {
  const port = await freePort();
  const open = new Set<net.Socket>();
  let server: net.Server | undefined;
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      const s = net.createServer((client) => {
        const upstream = net.connect(target.port, target.host);
        for (const [a, b] of [
          [client, upstream],
          [upstream, client],
        ]) {
          open.add(a);
          a.on('error', () => b.destroy());
          a.on('close', () => (open.delete(a), b.destroy()));
          a.pipe(b);
        }
      });
      s.once('error', reject);
      s.listen(port, '127.0.0.1', () => resolve());
      server = s;
    });
  await listen();
  return {
    port,
    url: (scheme: string, rest = '') => `${scheme}://127.0.0.1:${port}${rest}`,
    async stop() {
      const s = server;
      server = undefined;
      for (const sock of open) sock.destroy();
      await new Promise<void>((r) => (s ? s.close(() => r()) : r()));
    },
    async start() {
      if (!server) await listen();
    },
  };
}

export interface AppServer {
  name: string;
  port: number;
  url: string;
  child: ChildProcess;
  /** stdout and stderr so far, for the failure message of a test. */
  output(): string;
  /** Resolves with the exit code (or signal) once the process has ended. */
  exited: Promise<number | string>;
}

/** Waits until `url` answers 200, or throws after `ms`. */
export async function waitForOk(url: string, ms = 90_000) {
  const until = Date.now() + ms;
  let last = '';
  while (Date.now() < until) {
    try {
      const r = await fetch(url);
      if (r.ok) return;
      last = String(r.status);
    } catch (e) {
      last = (e as Error).message;
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not answer 200 (last: ${last})`);
}

/**
 * One app server as production runs it: `node apps/api/dist/main.js` (compiled first when a
 * source is newer than the build, scripts/build-server.mjs) with the
 * environment of deploy/sparefinder.env, one process, on `port`. Resolves once /api/health is 200.
 */
export async function startAppServer(
  name: string,
  env: Record<string, string>,
  port?: number,
): Promise<AppServer> {
  const p = port ?? (await freePort());
  await ensureServerBuild({ quiet: true });
  // With the flags production runs with (the soak measures memory under them), and any a bench
  // adds (BENCH_NODE_FLAGS, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` to see where time goes).
  const args = [
    ...SERVER_NODE_FLAGS,
    ...(process.env.BENCH_NODE_FLAGS ? process.env.BENCH_NODE_FLAGS.split(' ') : []),
    serverEntry,
  ];
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: {
      ...SERVER_ENV,
      ...process.env,
      NODE_ENV: 'production',
      DEMO_DATA: 'false',
      // Test servers send no mail: they write the outbox.
      MAIL_OFF: 'true',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      PORT: String(p),
      WEB_CONCURRENCY: '1',
      TEST_DATABASE_URL: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const keep = (d: Buffer) => {
    out = (out + String(d)).slice(-20_000);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const exited = new Promise<number | string>((resolve) =>
    child.once('exit', (code, signal) => resolve(code ?? signal ?? 'unknown')),
  );
  const url = `http://127.0.0.1:${p}`;
  try {
    await Promise.race([
      waitForOk(`${url}/api/health`),
      exited.then((c) => {
        throw new Error(`server ${name} exited (${c}) before serving:\n${out}`);
      }),
    ]);
  } catch (e) {
    child.kill('SIGKILL');
    throw e;
  }
  return { name, port: p, url, child, exited, output: () => out };
}

/** Debian's nginx binary, if installed. */
export const nginxBinary = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((f) => fs.existsSync(f));

/**
 * nginx running deploy/nginx.conf in a folder of its own: the upstream pointed at `servers`,
 * the public ports at `httpPort`/`httpsPort` with a self-signed certificate, the static folder
 * at this checkout's web build. Only what differs between this machine and a server is
 * replaced, so the test runs the file operators install.
 */
export async function startNginx(servers: number[]) {
  if (!nginxBinary) throw new Error('nginx is not installed');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sf-nginx-'));
  const httpPort = await freePort();
  const httpsPort = await freePort();
  const cert = path.join(dir, 'cert.pem');
  const key = path.join(dir, 'key.pem');
  const ssl = spawnSync('openssl', [
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-subj',
    '/CN=localhost',
    '-days',
    '1',
    '-keyout',
    key,
    '-out',
    cert,
  ]);
  if (ssl.status !== 0) throw new Error(`openssl: ${ssl.stderr}`);
  let site = fs.readFileSync(path.join(root, 'deploy/nginx.conf'), 'utf8');
  const replace = (from: RegExp, to: string) => {
    if (!from.test(site)) throw new Error(`deploy/nginx.conf no longer has ${from}`);
    site = site.replace(from, to);
  };
  replace(
    /(upstream sparefinder \{[^}]*?)server 10\.0\.0\.11:3000[^;]*;\s*server 10\.0\.0\.12:3000[^;]*;/,
    `$1${servers.map((p) => `server 127.0.0.1:${p} max_fails=1 fail_timeout=2s;`).join('\n    ')}`,
  );
  replace(/listen 80;/g, `listen 127.0.0.1:${httpPort};`);
  replace(/listen \[::\]:80;/g, '');
  replace(/listen 443 ssl http2;/g, `listen 127.0.0.1:${httpsPort} ssl http2;`);
  replace(/listen \[::\]:443 ssl http2;/g, '');
  replace(/\/etc\/letsencrypt\/live\/sparefinder\.ng\/fullchain\.pem/g, cert);
  replace(/\/etc\/letsencrypt\/live\/sparefinder\.ng\/privkey\.pem/g, key);
  replace(/\/srv\/sparefinder\/current/g, root);
  replace(
    /return 301 https:\/\/\$host\$request_uri;/,
    `return 301 https://$host:${httpsPort}$request_uri;`,
  );
  // The access log's folder of a server is root's; here, the test's own, with each request's
  // times (nginx's and the app server's) so a bench can tell where a slow answer waited.
  site = site.replace(/\/var\/log\/nginx\//g, `${dir}/`);
  replace(/(access_log \S+\.access\.log);/, '$1 timed;');
  fs.writeFileSync(path.join(dir, 'site.conf'), site);
  fs.writeFileSync(
    path.join(dir, 'nginx.conf'),
    `# Debian's /etc/nginx/nginx.conf, reduced to what a test folder needs.
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
daemon off;
events { worker_connections 1024; }
http {
  include /etc/nginx/mime.types;
  default_type application/octet-stream;
  log_format timed '$msec $request_time $upstream_response_time $upstream_addr $status $request_uri';
  sendfile on;
  tcp_nopush on;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  include ${dir}/site.conf;
}
`,
  );
  const check = spawnSync(nginxBinary, ['-t', '-p', dir, '-c', path.join(dir, 'nginx.conf')], {
    encoding: 'utf8',
  });
  if (check.status !== 0) throw new Error(`nginx -t: ${check.stderr}`);
  const child = spawn(nginxBinary, ['-p', dir, '-c', path.join(dir, 'nginx.conf')], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let err = '';
  child.stderr!.on('data', (d) => (err += String(d)));
  const until = Date.now() + 10_000;
  while (!(await reachable('127.0.0.1', httpsPort))) {
    if (Date.now() > until || child.exitCode !== null)
      throw new Error(`nginx did not start: ${err}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    httpUrl: `http://127.0.0.1:${httpPort}`,
    httpsUrl: `https://127.0.0.1:${httpsPort}`,
    httpsPort,
    errorLog: () => fs.readFileSync(path.join(dir, 'error.log'), 'utf8'),
    /** The access log's file: a line per request, `timed` (seconds: at, nginx's, upstream's). */
    accessLog: path.join(dir, 'sparefinder.access.log'),
    async stop() {
      child.kill('SIGQUIT');
      await new Promise((r) => (child.exitCode !== null ? r(null) : child.once('exit', r)));
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
