// The point-in-time recovery of docs/deploy.md ("Backups and restore"), run for real: a
// PostgreSQL cluster of its own (the machine's shared server cannot have archiving turned on
// under the other tests), the marketplace schema migrated into it, WAL archived with the
// documented archive_command, a base backup, a bad statement, then a restore to just before it.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, root } from './harness.ts';

const bindir = spawnSync('pg_config', ['--bindir'], { encoding: 'utf8' }).stdout?.trim() ?? '';
const haveServer = !!bindir && fs.existsSync(path.join(bindir, 'initdb'));
// initdb and postgres refuse to run as root: as root, the cluster runs as the postgres user.
const asRoot = process.getuid?.() === 0;
const canRun = haveServer && (!asRoot || spawnSync('id', ['postgres']).status === 0);

/** Runs a program as the cluster's owner; throws with its output when it fails. */
function asOwner(program: string, args: string[]): string {
  const r = asRoot
    ? spawnSync('runuser', ['-u', 'postgres', '--', program, ...args], { encoding: 'utf8' })
    : spawnSync(program, args, { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`${program} ${args.join(' ')}: ${r.stderr}${r.stdout}`);
  return r.stdout;
}
const pgBin = (program: string, args: string[]) => asOwner(path.join(bindir, program), args);

async function query<T extends pg.QueryResultRow>(port: number, text: string): Promise<T[]> {
  const c = new pg.Client({ host: '127.0.0.1', port, user: 'postgres', database: 'sparefinder' });
  await c.connect();
  try {
    return (await c.query<T>(text)).rows;
  } finally {
    await c.end();
  }
}

/** `npm run db:migrate` against the cluster, as a deployment runs it. */
function migrate(port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/migrate-cli.ts'], {
      cwd: root,
      env: {
        ...process.env,
        DATABASE_URL: `postgres://postgres@127.0.0.1:${port}/sparefinder`,
        DATABASE_READ_URL: '',
        NODE_ENV: 'test',
      },
    });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(out))));
  });
}

function stopNow(dataDir: string) {
  if (dataDir && fs.existsSync(path.join(dataDir, 'postmaster.pid')))
    try {
      pgBin('pg_ctl', ['-D', dataDir, '-m', 'immediate', 'stop']);
    } catch {
      /* already stopped */
    }
}

// Needs PostgreSQL's server programs (Debian's postgresql package): skipped where they are absent.
describe.runIf(canRun)('point-in-time recovery, as docs/deploy.md describes it', () => {
  let dir = '';
  let primary = '';
  let restored = '';

  /** Settings appended to a cluster's postgresql.conf. */
  function configure(dataDir: string, port: number, extra: string[]) {
    const lines = [
      `port = ${port}`,
      "listen_addresses = '127.0.0.1'",
      `unix_socket_directories = '${dir}'`,
      'fsync = off', // a throwaway cluster: speed over durability
      ...extra,
    ];
    fs.appendFileSync(path.join(dataDir, 'postgresql.conf'), `\n${lines.join('\n')}\n`);
  }

  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sf-pitr-'));
    if (asRoot) spawnSync('chown', ['postgres:postgres', dir]);
    primary = path.join(dir, 'primary');
    restored = path.join(dir, 'restored');
  });

  afterAll(() => {
    stopNow(restored);
    stopNow(primary);
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('a base backup and the archived WAL bring back what a bad statement deleted, and nothing after it', async () => {
    const archive = path.join(dir, 'wal-archive');
    const base = path.join(dir, 'base');
    asOwner('mkdir', [archive]);

    // The primary, archiving every finished WAL segment with the command the docs give.
    const primaryPort = await freePort();
    pgBin('initdb', ['-D', primary, '--auth=trust', '-U', 'postgres', '--no-sync']);
    configure(primary, primaryPort, [
      'wal_level = replica',
      'archive_mode = on',
      `archive_command = 'test ! -f ${archive}/%f && cp %p ${archive}/%f'`,
      'archive_timeout = 60',
    ]);
    pgBin('pg_ctl', ['-D', primary, '-w', '-l', path.join(dir, 'primary.log'), 'start']);
    pgBin('createdb', [
      '-h',
      '127.0.0.1',
      '-p',
      String(primaryPort),
      '-U',
      'postgres',
      'sparefinder',
    ]);
    await migrate(primaryPort);
    await query(
      primaryPort,
      "INSERT INTO newsletter_subscribers (email) VALUES ('ada@example.ng'), ('bola@example.ng')",
    );

    // Last night's base backup, as the docs take it (--checkpoint=fast: the nightly job may let
    // the checkpoint spread over minutes; the drill need not wait for it).
    // prettier-ignore
    pgBin('pg_basebackup', [
      '-h', '127.0.0.1', '-p', String(primaryPort), '-U', 'postgres',
      '-D', base, '-Ft', '-z', '-X', 'fetch', '--checkpoint=fast',
    ]);

    // The day goes on after the backup; then someone runs a bad statement.
    await query(
      primaryPort,
      "INSERT INTO newsletter_subscribers (email) VALUES ('chidi@example.ng')",
    );
    await new Promise((r) => setTimeout(r, 1100));
    const [{ target }] = await query<{ target: string }>(
      primaryPort,
      "SELECT to_char(now(), 'YYYY-MM-DD HH24:MI:SS.USOF') AS target",
    );
    await new Promise((r) => setTimeout(r, 1100));
    await query(primaryPort, 'DELETE FROM newsletter_subscribers');
    await query(
      primaryPort,
      "INSERT INTO newsletter_subscribers (email) VALUES ('after@example.ng')",
    );

    // Close the current WAL segment and wait until the archive has it.
    const [{ wal }] = await query<{ wal: string }>(
      primaryPort,
      'SELECT pg_walfile_name(pg_switch_wal()) AS wal',
    );
    for (let i = 0; i < 100 && !fs.existsSync(path.join(archive, wal)); i++)
      await new Promise((r) => setTimeout(r, 100));
    expect(fs.existsSync(path.join(archive, wal)), `${wal} archived`).toBe(true);
    pgBin('pg_ctl', ['-D', primary, '-m', 'fast', 'stop']); // the primary is lost

    // Steps 1–3 of the docs: unpack the base backup, recover to the target, pause there.
    asOwner('mkdir', ['-m', '700', restored]);
    asOwner('tar', ['xzf', path.join(base, 'base.tar.gz'), '-C', restored]);
    const restorePort = await freePort();
    configure(restored, restorePort, [
      `restore_command = 'cp ${archive}/%f %p'`,
      `recovery_target_time = '${target}'`,
      "recovery_target_action = 'pause'",
      'archive_mode = off',
    ]);
    asOwner('touch', [path.join(restored, 'recovery.signal')]);
    pgBin('pg_ctl', ['-D', restored, '-w', '-l', path.join(dir, 'restored.log'), 'start']);

    let paused = false;
    for (let i = 0; i < 100 && !paused; i++) {
      const [{ state }] = await query<{ state: string }>(
        restorePort,
        'SELECT pg_get_wal_replay_pause_state() AS state',
      );
      paused = state === 'paused';
      if (!paused) await new Promise((r) => setTimeout(r, 100));
    }
    expect(paused, fs.readFileSync(path.join(dir, 'restored.log'), 'utf8')).toBe(true);
    const emails = async () =>
      (
        await query<{ email: string }>(
          restorePort,
          'SELECT email FROM newsletter_subscribers ORDER BY email',
        )
      ).map((r) => r.email);
    // Everything up to the target (including what came after the base backup), nothing after.
    expect(await emails()).toEqual(['ada@example.ng', 'bola@example.ng', 'chidi@example.ng']);

    // Checked: promote it, and it takes writes as the new primary.
    await query(restorePort, 'SELECT pg_wal_replay_resume()');
    let primaryAgain = false;
    for (let i = 0; i < 100 && !primaryAgain; i++) {
      const [{ recovering }] = await query<{ recovering: boolean }>(
        restorePort,
        'SELECT pg_is_in_recovery() AS recovering',
      );
      primaryAgain = !recovering;
      if (!primaryAgain) await new Promise((r) => setTimeout(r, 100));
    }
    expect(primaryAgain).toBe(true);
    await query(
      restorePort,
      "INSERT INTO newsletter_subscribers (email) VALUES ('dayo@example.ng')",
    );
    expect(await emails()).toHaveLength(4);
    const [{ n }] = await query<{ n: number }>(
      restorePort,
      'SELECT count(*)::int AS n FROM states',
    );
    expect(n).toBe(37); // the reference data came back with the schema
  });
});
