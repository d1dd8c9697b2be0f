import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { SERVER_ENV, SERVER_NODE_FLAGS } from '../../../../scripts/server-flags.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

describe('the Node flags and environment of a serving process', () => {
  const unit = fs.readFileSync(path.join(root, 'deploy/sparefinder.service'), 'utf8');

  it('are on the systemd unit’s ExecStart line too, before the script', () => {
    const exec = /^ExecStart=(.*)$/m.exec(unit)?.[1].split(/\s+/) ?? [];
    const script = exec.indexOf('apps/api/dist/main.js');
    expect(script).toBeGreaterThan(0);
    for (const flag of SERVER_NODE_FLAGS) {
      expect(exec).toContain(flag);
      expect(exec.indexOf(flag)).toBeLessThan(script);
    }
  });

  it('are in the unit’s Environment= lines too', () => {
    const set = [...unit.matchAll(/^Environment=(\w+)=(.*)$/gm)].map((m) => [m[1], m[2]]);
    for (const pair of Object.entries(SERVER_ENV)) expect(set).toContainEqual(pair);
  });
});
