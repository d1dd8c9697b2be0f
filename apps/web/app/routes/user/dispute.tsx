import { data, Form, useNavigation } from 'react-router';
import { formStatus, serverApi } from '../../lib/api.server.ts';
import { apiGet, backTo, signedIn } from '../../lib/signed-in.server.ts';
import { idParam } from '../../lib/catalog.server.ts';
import { field } from '../../lib/auth.server.ts';
import { koboOf } from '../../lib/disputes.ts';
import { naira } from '../../components/cart/money.tsx';
import { UploadForm } from '../../components/upload-form.tsx';
import { DisputeSummary, DisputeThread } from '../../components/disputes/dispute-view.tsx';
import type { Route } from './+types/dispute';
import { Field } from '../../components/form-field.tsx';
import { Link } from '../../components/link.tsx';

export const meta: Route.MetaFunction = () => [{ title: 'Dispute | SpareFinder NG' }];

/** A dispute as its buyer or its store sees it (anyone else: not found). */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const id = idParam(params.id, 'Dispute');
  const ans = await apiGet(request, context, `/api/disputes/${id}`);
  if (!ans.status) throw data({ message: 'There is no such dispute of yours' }, { status: 404 });
  return ans;
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const id = idParam(params.id, 'Dispute');
  const form = await request.formData();
  const api = serverApi(context);
  const intent = field(form, 'intent');
  const base = `/api/disputes/${id}`;
  let ans;
  if (intent === 'message') ans = await api.post(`${base}/messages`, { body: field(form, 'body') });
  else if (intent === 'offer') {
    const kind = field(form, 'kind') === 'replacement' ? 'replacement' : 'refund';
    const kobo = koboOf(form.get('amount'));
    if (kind === 'refund' && field(form, 'amount') && kobo === undefined)
      return data({ message: 'Write the refund in naira, e.g. 4000' }, { status: 400 });
    ans = await api.post(`${base}/offer`, { kind, ...(kobo ? { amountKobo: kobo } : {}) });
  } else if (intent === 'accept') ans = await api.post(`${base}/accept`);
  else if (intent === 'withdraw') ans = await api.post(`${base}/withdraw`);
  else return data({ message: 'Unknown request' }, { status: 400 });
  signedIn(request, ans);
  if (!ans.status)
    return data(
      { message: ans.message ?? 'That did not work: reload the page' },
      { status: formStatus(ans) },
    );
  return backTo(request, '/user/disputes');
}

export default function Dispute({ loaderData, actionData }: Route.ComponentProps) {
  const { item: d, messages } = loaderData;
  const said = actionData;
  const busy = useNavigation().state !== 'idle';
  const can = (a: string) => d.actions.includes(a);
  return (
    <main id="main" className="container-page max-w-2xl space-y-4 py-5">
      <div>
        <Link to="/user/disputes" className="text-sm text-brand-800 underline">
          My disputes
        </Link>
        <h1 className="mt-1 text-2xl font-bold">Dispute {d.id}</h1>
      </div>
      <DisputeSummary d={d} />
      {said && (
        <p role="alert" className="text-sm font-medium text-red-800">
          {said.message}
        </p>
      )}
      {can('accept') && (
        <Form method="post" className="card space-y-2 p-4" data-testid="accept-offer">
          <input type="hidden" name="intent" value="accept" />
          <p className="font-semibold">
            {d.offer === 'refund'
              ? `The store offers to refund ${naira(d.offer_kobo ?? 0)}.`
              : 'The store offers to replace the part.'}
          </p>
          <button type="submit" className="btn-primary" disabled={busy}>
            Accept the offer
          </button>
        </Form>
      )}
      {can('offer') && (
        <Form method="post" className="card space-y-3 p-4" data-testid="offer-form">
          <input type="hidden" name="intent" value="offer" />
          <fieldset className="space-y-2">
            <legend className="font-semibold">Settle it: offer the buyer</legend>
            <label className="flex min-h-11 items-center gap-2">
              <input type="radio" name="kind" value="refund" defaultChecked className="size-5" />A
              refund through SpareFinder
            </label>
            <label className="flex min-h-11 items-center gap-2">
              <input type="radio" name="kind" value="replacement" className="size-5" />
              To replace the part
            </label>
          </fieldset>
          <Field
            label={<>Refund in naira (empty: the part’s {naira(d.line_total_kobo)})</>}
            name="amount"
            inputMode="decimal"
          />
          <button type="submit" className="btn-primary" disabled={busy}>
            Send the offer
          </button>
        </Form>
      )}
      <section aria-labelledby="thread-heading" className="space-y-3">
        <h2 id="thread-heading" className="text-lg font-bold">
          Messages
        </h2>
        <DisputeThread messages={messages} />
        {can('message') && (
          <Form method="post" className="space-y-2">
            <input type="hidden" name="intent" value="message" />
            <label htmlFor="f-body" className="label">
              Write to the {d.viewer === 'buyer' ? 'store' : 'buyer'}
            </label>
            <textarea
              id="f-body"
              name="body"
              rows={3}
              maxLength={2000}
              required
              className="input min-h-20"
            />
            <button type="submit" className="btn-ghost" disabled={busy}>
              Send
            </button>
          </Form>
        )}
        {can('photo') && (
          <UploadForm
            action={`/api/disputes/${d.id}/photos`}
            name="photo"
            label="Add a photo"
            hint="The part, its number, the box or the damage."
            button="Upload photo"
            done="Your photo is in the dispute."
          />
        )}
      </section>
      {can('withdraw') && (
        <Form method="post">
          <input type="hidden" name="intent" value="withdraw" />
          <button type="submit" className="text-sm text-red-800 underline" disabled={busy}>
            Withdraw the dispute (the money goes on to the store)
          </button>
        </Form>
      )}
    </main>
  );
}
