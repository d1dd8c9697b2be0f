import { formStatus, serverApi, throwUnlessOk } from './api.server.ts';

/** Accounts found by e-mail, phone or name (newest first, 50 at most). */
export async function findUsers(context: unknown, q: string, role: string) {
  const params = new URLSearchParams({ pagesize: '50' });
  if (q) params.set('q', q);
  if (role) params.set('role', role);
  const ans = await serverApi(context).get(`/api/admin/users?${params}`);
  throwUnlessOk(ans, { what: 'User list' });
  return { items: ans.items, total: ans.total };
}

export async function loadAdminUser(context: unknown, id: string) {
  const ans = await serverApi(context).get(`/api/admin/users/${encodeURIComponent(id)}`);
  throwUnlessOk(ans, { what: 'Account', invalidIsMissing: true });
  return { user: ans.item, sessions: ans.sessions };
}

const ACTIONS = {
  role: 'role',
  lock: 'lock',
  unlock: 'unlock',
  reset: 'password-reset',
  endSession: 'sessions/end',
  endAll: 'sessions/end',
} as const;
export type UserIntent = keyof typeof ACTIONS;

/** Destructive steps refuse to run until the admin ticked the confirmation box (works without JavaScript). */
const NEEDS_CONFIRM: UserIntent[] = ['lock', 'reset', 'endAll'];

/** One admin action on an account, from its page's form; answers { ok, message, status }. */
export async function userAction(context: unknown, id: string, form: FormData) {
  const intent = String(form.get('intent') ?? '') as UserIntent;
  if (!(intent in ACTIONS)) return { ok: false, message: 'Unknown action', status: 400 };
  if (NEEDS_CONFIRM.includes(intent) && form.get('confirm') !== 'yes')
    return {
      ok: false,
      message: 'Tick the box to confirm: this cannot be undone by the user',
      status: 400,
    };
  const text = (k: string) => {
    const v = String(form.get(k) ?? '').trim();
    return v ? v : undefined;
  };
  const body: Record<string, unknown> = { note: text('note') };
  if (intent === 'role') Object.assign(body, { role: text('role'), password: text('password') });
  if (intent === 'endSession') body.sessionId = text('sessionId');
  const ans = await serverApi(context).post<never>(
    `/api/admin/users/${encodeURIComponent(id)}/${ACTIONS[intent]}`,
    body,
  );
  return {
    ok: ans.status,
    message: ans.message ?? (ans.status ? 'Done' : 'That did not work: please try again'),
    status: ans.status ? 200 : formStatus(ans),
  };
}
