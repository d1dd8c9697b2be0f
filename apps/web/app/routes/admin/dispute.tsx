import { data, Form, useNavigation } from 'react-router';
import { requireAdmin } from '../../lib/admin.server.ts';
import { formStatus, serverApi } from '../../lib/api.server.ts';
import { loadAuditTrail } from '../../lib/audit.server.ts';
import { idParam } from '../../lib/catalog.server.ts';
import { field } from '../../lib/auth.server.ts';
import { koboOf } from '../../lib/disputes.ts';
import { naira } from '../../components/cart/money.tsx';
import { AuditTrail } from '../../components/AuditTrail.tsx';
import { DisputeSummary, DisputeThread } from '../../components/disputes/dispute-view.tsx';
import type { Route } from './+types/dispute';
import { Field, TextAreaField } from '../../components/form-field.tsx';
import { Link } from '../../components/link.tsx';

export const meta: Route.MetaFunction = () => [{ title: 'Admin: dispute | SpareFinder NG' }];

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const id = idParam(params.id, 'Dispute');
  const [ans, trail] = await Promise.all([
    serverApi(context).get(`/api/disputes/${id}`),
    loadAuditTrail(context, 'dispute', String(id)),
  ]);
  if (!ans.status) throw data({ message: 'There is no such dispute' }, { status: 404 });
  return { ...ans, trail };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  await requireAdmin(request, context);
  const id = idParam(params.id, 'Dispute');
  const form = await request.formData();
  const api = serverApi(context);
  if (field(form, 'intent') === 'message') {
    const ans = await api.post(`/api/disputes/${id}/messages`, { body: field(form, 'body') });
    return ans.status
      ? { message: null }
      : data({ message: ans.message ?? 'Not sent' }, { status: formStatus(ans) });
  }
  const decision = field(form, 'decision') === 'release' ? 'release' : 'refund';
  const kobo = koboOf(form.get('amount'));
  if (decision === 'refund' && field(form, 'amount') && kobo === undefined)
    return data({ message: 'Write the refund in naira, e.g. 4000' }, { status: 400 });
  const ans = await api.post(`/api/admin/disputes/${id}/decide`, {
    decision,
    note: field(form, 'note'),
    ...(decision === 'refund' && kobo ? { amountKobo: kobo } : {}),
  });
  if (!ans.status)
    return data(
      { message: ans.message ?? 'The decision was refused' },
      { status: formStatus(ans) },
    );
  return { message: null };
}

export default function AdminDispute({ loaderData, actionData }: Route.ComponentProps) {
  const { item: d, messages, trail } = loaderData;
  const said = actionData;
  const busy = useNavigation().state !== 'idle';
  return (
    <main id="main" className="space-y-4">
      <Link to="/admin/disputes" className="text-sm text-brand-800 underline">
        All disputes
      </Link>
      <h1 className="text-2xl font-bold">Dispute {d.id}</h1>
      <DisputeSummary d={d} />
      {said?.message && (
        <p role="alert" className="text-sm font-medium text-red-800">
          {said.message}
        </p>
      )}
      {d.actions.includes('decide') && (
        <Form method="post" className="card space-y-3 p-4" data-testid="decide-form">
          <fieldset className="space-y-2">
            <legend className="font-semibold">Decide</legend>
            <label className="flex min-h-11 items-center gap-2">
              <input
                type="radio"
                name="decision"
                value="refund"
                defaultChecked
                className="size-5"
              />
              Refund the buyer through Paystack
            </label>
            <label className="flex min-h-11 items-center gap-2">
              <input type="radio" name="decision" value="release" className="size-5" />
              Release the money to the store
            </label>
          </fieldset>
          <Field
            label={<>Refund in naira (empty: all of it, {naira(d.order_total_kobo)})</>}
            name="amount"
            inputMode="decimal"
          />
          <TextAreaField
            name="note"
            label="Why (both sides read it)"
            inputClassName="min-h-20"
            rows={3}
            minLength={3}
            maxLength={1000}
            required
          />
          <button type="submit" className="btn-primary" disabled={busy}>
            Decide
          </button>
        </Form>
      )}
      <section aria-labelledby="thread-heading" className="space-y-3">
        <h2 id="thread-heading" className="text-lg font-bold">
          Messages
        </h2>
        <DisputeThread messages={messages} />
        {d.actions.includes('message') && (
          <Form method="post" className="space-y-2">
            <input type="hidden" name="intent" value="message" />
            <label htmlFor="f-body" className="label">
              Write to both sides
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
      </section>
      <section aria-labelledby="trail-heading" className="space-y-2">
        <h2 id="trail-heading" className="text-lg font-bold">
          Staff actions
        </h2>
        <AuditTrail items={trail} />
      </section>
    </main>
  );
}
