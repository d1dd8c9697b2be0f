import { data } from 'react-router';
import { safeRedirectPath } from '@sf/shared';
import { redirect } from './redirect.ts';
import { formStatus, serverApi } from './api.server.ts';
import { toQuery } from './api.ts';
import { nairaToKobo } from './seller.ts';
import { ALERTS_PAGE, SEARCH_FIELDS, type AlertSaved } from './alerts.ts';

const text = (f: FormData, k: string) => {
  const v = f.get(k);
  return typeof v === 'string' ? v.trim() : '';
};
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A guest is sent to log in (with the seed's message for a feature) and back to `back`. */
const login = (back: string) =>
  redirect(`/auth/login${toQuery({ redirectTo: back, reason: 'feature' })}`);

/**
 * The one action of every alerts form: save a search (from a parts list), a price alert (from a
 * product page), pause, resume, delete, or change the price waited for. With JavaScript (a
 * fetcher sends `stay=1`) it answers in place; without, a save goes on to the alerts page
 * (POST, then redirect) and a refusal is shown there with the way back.
 */
export async function alertsAction(request: Request, context: unknown) {
  const f = await request.formData();
  const intent = text(f, 'intent');
  const stay = text(f, 'stay') === '1';
  const back = safeRedirectPath(text(f, 'back'), ALERTS_PAGE);
  const api = serverApi(context);
  const refused = (message: string, status = 400) =>
    data<AlertSaved & { back: string }>({ ok: false, message, back }, { status });

  let ans;
  if (intent === 'search') {
    const body: Record<string, string | number> = {};
    for (const k of SEARCH_FIELDS) {
      const v = text(f, k);
      if (!v) continue;
      body[k] = k === 'prodName' ? v : /^\d{1,9}$/.test(v) ? Number(v) : v;
    }
    ans = await api.post('/api/alerts/searches', body);
  } else if (intent === 'price') {
    const target = nairaToKobo(text(f, 'target'));
    if (Number.isNaN(target))
      return refused('Write the price you wait for in naira, like 15000, or leave it empty');
    ans = await api.post('/api/alerts/prices', {
      productId: Number(text(f, 'productId')) || 0,
      ...(target !== null ? { targetKobo: target } : {}),
    });
  } else {
    const id = text(f, 'id');
    if (!UUID.test(id)) return refused('Choose one of your alerts');
    if (intent === 'delete') ans = await api.del(`/api/alerts/${id}`);
    else if (intent === 'pause' || intent === 'resume')
      ans = await api.patch(`/api/alerts/${id}`, { paused: intent === 'pause' });
    else if (intent === 'target') {
      const target = nairaToKobo(text(f, 'target'));
      if (Number.isNaN(target))
        return refused('Write the price you wait for in naira, like 15000, or leave it empty');
      ans = await api.patch(`/api/alerts/${id}`, { targetKobo: target });
    } else return refused('Choose what to do');
  }
  if (ans.httpStatus === 401)
    throw login(intent === 'search' || intent === 'price' ? back : ALERTS_PAGE);
  if (!ans.status)
    return refused(ans.message ?? 'We could not save this. Try again.', formStatus(ans));
  const a = ans;
  const saved = intent === 'search' || intent === 'price';
  if (saved && !stay) throw redirect(`${ALERTS_PAGE}${toQuery({ saved: a.items[0]?.id, back })}`);
  return data<AlertSaved & { back: string }>({
    ok: true,
    message: a.message,
    link: saved ? ALERTS_PAGE : undefined,
    back,
  });
}
