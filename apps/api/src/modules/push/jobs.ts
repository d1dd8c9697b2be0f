import webpush from 'web-push';
import type { FastifyInstance } from 'fastify';
import type { Db } from '@sf/db';
import { defineJob, enqueue } from '../../lib/jobs.ts';
import { metrics } from '../../lib/metrics.ts';
import { pushRepository } from './repository.ts';

export const PUSH_JOB = 'push.send';
/** A notice older than a day is no news: the push service drops it if the phone stays off. */
const TTL_S = 24 * 60 * 60;
const TIMEOUT_MS = 10_000;

/** What the notification shows; `link` is a path on this site (the worker opens it). */
export interface PushMessage {
  title: string;
  body: string;
  link: string;
  tag?: string;
}
interface PushPayload extends PushMessage {
  subscriptionId: number;
}

/**
 * Queues one push per subscribed browser of each recipient (docs/decisions/0027), in the
 * caller's transaction. Nothing without VAPID keys: the app then sends no push at all.
 */
export async function queuePushes(
  app: FastifyInstance,
  tx: Db,
  messages: (PushMessage & { userId: string })[],
) {
  if (!app.config.vapid || messages.length === 0) return;
  const subs = await pushRepository(tx).ofUsers([...new Set(messages.map((m) => m.userId))]);
  for (const m of messages)
    for (const s of subs.filter((x) => x.user_id === m.userId)) {
      const { userId: _u, ...msg } = m;
      await enqueue(tx, PUSH_JOB, { ...msg, subscriptionId: s.id } satisfies PushPayload);
    }
}

/**
 * Sends one push through the browser's push service: the payload encrypted for that browser
 * (RFC 8291), signed with our VAPID key (RFC 8292). A 404 or 410 means the browser dropped the
 * subscription: it is deleted, not retried. A 429, 5xx or no answer is tried again later.
 */
defineJob<PushPayload>(
  PUSH_JOB,
  async (p, { app }) => {
    const vapid = app.config.vapid;
    if (!vapid) return; // keys removed since the job was queued
    const sub = await pushRepository(app.db).find(p.subscriptionId);
    if (!sub) return; // turned off meanwhile
    const payload = JSON.stringify({ title: p.title, body: p.body, link: p.link, tag: p.tag });
    // web-push encrypts and signs; the request goes out through fetch, which has our timeout
    // and speaks plain HTTP to the local push service in tests.
    const req = webpush.generateRequestDetails(
      { endpoint: sub.endpoint, keys: { p256dh: sub.p256dh, auth: sub.auth } },
      payload,
      {
        vapidDetails: vapid,
        TTL: TTL_S,
        contentEncoding: 'aes128gcm',
        ...(p.tag ? { topic: topicOf(p.tag) } : {}),
      },
    );
    let status: number | null = null;
    try {
      const res = await fetch(req.endpoint, {
        method: req.method,
        headers: req.headers as Record<string, string>,
        body: req.body ? new Uint8Array(req.body) : undefined,
        redirect: 'manual',
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      status = res.status;
      await res.arrayBuffer().catch(() => undefined);
    } catch {
      status = null; // no answer: tried again
    }
    if (status !== null && status >= 200 && status < 300) {
      metrics.pushSent.inc({ outcome: 'sent' });
      return;
    }
    if (status === 404 || status === 410) {
      await pushRepository(app.db).forget(sub.id, sub.endpoint);
      metrics.pushSent.inc({ outcome: 'gone' });
      return;
    }
    if (status !== null && status >= 300 && status < 500 && status !== 429) {
      // Refused for good (a payload too large, a bad key): a retry would be refused again.
      app.log.warn({ subscription: sub.id, status }, 'push refused by the push service');
      metrics.pushSent.inc({ outcome: 'refused' });
      return;
    }
    metrics.pushSent.inc({ outcome: 'error' });
    throw new Error(status ? `push service answered ${status}` : 'push service unreachable');
  },
  { maxAttempts: 5, backoffMs: 60_000 },
);

/** A Topic header (a later push with the same topic replaces an undelivered one): 32 url-safe chars. */
const topicOf = (tag: string) => tag.replace(/[^A-Za-z0-9_-]/g, '-').slice(0, 32);
