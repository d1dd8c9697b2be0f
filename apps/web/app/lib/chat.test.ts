import { afterEach, describe, expect, it, vi } from 'vitest';
import { onOpenChat, openChat, type ChatTarget } from './chat.ts';

describe('openChat', () => {
  afterEach(() => vi.useRealTimers());

  it('reaches the listener', () => {
    const got: (ChatTarget | 'list')[] = [];
    const off = onOpenChat((t) => got.push(t));
    openChat({ kind: 'support' });
    openChat('list');
    off();
    openChat('list'); // nobody listens: kept for the next listener, not delivered to this one
    expect(got).toEqual([{ kind: 'support' }, 'list']);
    onOpenChat(() => {})(); // takes the kept tap, so the next test starts clean
  });

  it('keeps a tap made before the listener came (hydrated, effects not run yet) and delivers it once', () => {
    openChat({ kind: 'thread', id: 7 });
    const first: (ChatTarget | 'list')[] = [];
    const off = onOpenChat((t) => first.push(t));
    expect(first).toEqual([{ kind: 'thread', id: 7 }]);
    off();
    const second: (ChatTarget | 'list')[] = [];
    onOpenChat((t) => second.push(t))();
    expect(second).toEqual([]);
  });

  it('forgets a tap made long before (a page without chat must not open it on a later one)', () => {
    vi.useFakeTimers();
    openChat({ kind: 'support' });
    vi.advanceTimersByTime(11_000);
    const got: (ChatTarget | 'list')[] = [];
    onOpenChat((t) => got.push(t))();
    expect(got).toEqual([]);
  });
});
