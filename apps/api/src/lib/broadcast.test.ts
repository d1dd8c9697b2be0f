import { describe, expect, it } from 'vitest';
import { broadcast, isBroadcast, onBroadcast } from './broadcast.ts';

// The relay between processes is exercised by e2e/processes.spec.ts with real workers.
describe('broadcast', () => {
  it('runs the handlers of its topic only, until they unsubscribe', () => {
    const got: string[] = [];
    const offA = onBroadcast('t:a', () => got.push('a1'));
    onBroadcast('t:a', () => got.push('a2'));
    onBroadcast('t:b', () => got.push('b'));
    broadcast('t:a');
    expect(got).toEqual(['a1', 'a2']);
    offA();
    broadcast('t:a');
    expect(got).toEqual(['a1', 'a2', 'a2']);
  });

  it('recognises its own messages and nothing else', () => {
    expect(isBroadcast({ 'sf:broadcast': 'x' })).toBe(true);
    expect(isBroadcast({ 'sf:broadcast': 1 })).toBe(false);
    expect(isBroadcast('sf:broadcast')).toBe(false);
    expect(isBroadcast(null)).toBe(false);
  });
});
