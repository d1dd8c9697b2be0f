import { useEffect, useState } from 'react';
import { browserApi } from '../lib/api.ts';

type State = 'checking' | 'unsupported' | 'blocked' | 'off' | 'on' | 'working';

/** The VAPID key as the bytes PushManager.subscribe takes. */
function keyBytes(base64url: string) {
  const b64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4));
  return Uint8Array.from(raw, (c) => c.charCodeAt(0));
}

async function registration() {
  return navigator.serviceWorker.ready;
}

/**
 * Web Push on this phone (docs/decisions/0027): the browser asks for permission only when the
 * user presses the button, never on page load. Hidden where the browser has no push, or the
 * server has no VAPID keys (`publicKey` null).
 */
/** How long the browser's push service may take to subscribe before the page says it failed. */
const SUBSCRIBE_TIMEOUT_MS = 20_000;

export function PushToggle({ publicKey }: { publicKey: string | null }) {
  const [state, setState] = useState<State>('checking');
  const [message, setMessage] = useState('');

  useEffect(() => {
    if (
      !publicKey ||
      !('serviceWorker' in navigator) ||
      !('PushManager' in window) ||
      !('Notification' in window)
    )
      return setState('unsupported');
    if (Notification.permission === 'denied') return setState('blocked');
    let live = true;
    void registration()
      .then((r) => r.pushManager.getSubscription())
      .then((s) => live && setState(s ? 'on' : 'off'))
      .catch(() => live && setState('unsupported'));
    return () => {
      live = false;
    };
  }, [publicKey]);

  async function turnOn() {
    setState('working');
    setMessage('');
    try {
      const permission = await Notification.requestPermission();
      if (permission !== 'granted') {
        setState(permission === 'denied' ? 'blocked' : 'off');
        return;
      }
      const reg = await registration();
      // The browser's push service may never answer (it is out of reach): give up after a while
      // instead of leaving the button on "working", and drop a subscription that comes late, so
      // the page never shows "on" for one the server does not know.
      const pending = reg.pushManager.getSubscription().then(
        (s) =>
          s ??
          reg.pushManager.subscribe({
            userVisibleOnly: true,
            applicationServerKey: keyBytes(publicKey!),
          }),
      );
      let timer: ReturnType<typeof setTimeout> | undefined;
      const sub = await Promise.race([
        pending,
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => {
            void pending.then((late) => late.unsubscribe()).catch(() => {});
            reject(new Error('push service timed out'));
          }, SUBSCRIBE_TIMEOUT_MS);
        }),
      ]).finally(() => clearTimeout(timer));
      const ans = await browserApi.post('/api/push/subscriptions', sub.toJSON());
      if (!ans.status) {
        await sub.unsubscribe();
        setMessage(ans.message ?? 'Notifications could not be turned on');
        setState('off');
        return;
      }
      setState('on');
      setMessage('Done: offers, orders and messages now reach this phone.');
    } catch {
      setMessage('This browser could not turn notifications on. Please try again later.');
      setState('off');
    }
  }

  async function turnOff() {
    setState('working');
    setMessage('');
    const sub = await (await registration()).pushManager.getSubscription();
    if (sub) {
      await browserApi.request('DELETE', '/api/push/subscriptions', { endpoint: sub.endpoint });
      await sub.unsubscribe();
    }
    setState('off');
    setMessage('Notifications are off for this phone.');
  }

  if (state === 'unsupported' || state === 'checking') return null;
  return (
    <section
      className="mt-3 rounded-lg border border-gray-200 bg-white p-3 text-sm"
      aria-labelledby="push-title"
    >
      <h2 id="push-title" className="font-semibold">
        Notifications on this phone
      </h2>
      {state === 'blocked' ? (
        <p className="mt-1 text-gray-700">
          Notifications are blocked for this site in your browser settings. Allow them there to get
          offers, orders and messages here.
        </p>
      ) : state === 'on' ? (
        <p className="mt-1 text-gray-700">
          New offers, orders and messages pop up on this phone, even with SpareFinder closed.{' '}
          <button type="button" className="text-brand-700 underline" onClick={() => void turnOff()}>
            Turn off
          </button>
        </p>
      ) : (
        <>
          <p className="mt-1 text-gray-700">
            Hear of new offers, orders and messages at once, even with SpareFinder closed.
          </p>
          <button
            type="button"
            className="btn-primary mt-2"
            disabled={state === 'working'}
            onClick={() => void turnOn()}
          >
            Turn on notifications
          </button>
        </>
      )}
      {message && (
        <p role="status" className="mt-2 text-gray-800">
          {message}
        </p>
      )}
    </section>
  );
}
