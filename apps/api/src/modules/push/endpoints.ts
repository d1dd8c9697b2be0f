/**
 * The push services browsers subscribe through (Chrome, Edge, Firefox, Safari and the browsers
 * built on them). The server posts to whatever endpoint a browser names: only these hosts, over
 * https, so a made-up subscription cannot point our server at another machine.
 */
export const PUSH_SERVICE_HOSTS = [
  'fcm.googleapis.com',
  'android.googleapis.com',
  'push.services.mozilla.com',
  'notify.windows.com',
  'push.apple.com',
];

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** Why this endpoint is refused, or null. Outside production the local test service is allowed. */
export function endpointProblem(endpoint: string, production: boolean): string | null {
  let u: URL;
  try {
    u = new URL(endpoint);
  } catch {
    return 'The subscription has no valid push address';
  }
  if (u.username || u.password) return 'The push address must not carry a password';
  const host = u.hostname.toLowerCase();
  if (!production && LOOPBACK.has(host) && /^https?:$/.test(u.protocol)) return null;
  if (u.protocol !== 'https:') return 'The push address must be https';
  if (!PUSH_SERVICE_HOSTS.some((h) => host === h || host.endsWith(`.${h}`)))
    return 'This browser’s push service is not one we send to';
  return null;
}
