import type { AdminContactMessage } from '@sf/api/types';
import {
  adminGet,
  adminIdParam,
  adminSubmit,
  field,
  requireAdmin,
} from '../../lib/admin.server.ts';
import { loadAuditTrail } from '../../lib/audit.server.ts';
import { AuditTrail } from '../../components/AuditTrail.tsx';
import { ActionForm, Flash, Pill } from '../../components/admin/ui.tsx';
import { contactWhen as when } from './contact-messages.tsx';
import type { Route } from './+types/contact-message';
import { Field } from '../../components/form-field.tsx';
import { Link } from '../../components/link.tsx';

export const meta: Route.MetaFunction = ({ data: d }) => [
  { title: `Admin: ${d?.item.subject ?? 'contact message'} | SpareFinder NG` },
];

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const id = adminIdParam(params.id, 'contact message');
  const [ans, trail] = await Promise.all([
    adminGet<{ item: AdminContactMessage }>(context, `/api/admin/contact/${id}`, 'Contact message'),
    loadAuditTrail(context, 'contact', String(id)),
  ]);
  return { item: ans.item, trail };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  await requireAdmin(request, context);
  const id = adminIdParam(params.id, 'contact message');
  const form = await request.formData();
  const intent = field(form, 'intent');
  if (intent !== 'answered' && intent !== 'reopen')
    return { ok: false, message: 'Choose an action' };
  return adminSubmit(context, 'POST', `/api/admin/contact/${id}/answered`, {
    answered: intent === 'answered',
    note: field(form, 'note') || undefined,
  });
}

export default function AdminContactMessagePage({ loaderData }: Route.ComponentProps) {
  const { item: m, trail } = loaderData;
  const reply = `mailto:${m.email}?subject=${encodeURIComponent(`Re: ${m.subject}`)}`;
  return (
    <main id="main">
      <p className="text-sm">
        <Link to="/admin/contact" className="underline">
          Contact messages
        </Link>{' '}
        ›
      </p>
      <h1 className="mt-1 break-words text-2xl font-bold">{m.subject}</h1>
      <p className="mt-2">
        {m.answered ? (
          <Pill tone="green">
            Answered {m.answeredAt ? when(m.answeredAt) : ''} by {m.answeredBy ?? 'staff'}
          </Pill>
        ) : (
          <Pill tone="amber">To answer</Pill>
        )}
      </p>
      <div className="mt-4">
        <Flash />
      </div>
      <dl className="card grid gap-x-4 gap-y-2 p-4 text-sm sm:grid-cols-[8rem_1fr]">
        <dt className="font-semibold">From</dt>
        <dd>{m.name}</dd>
        <dt className="font-semibold">E-mail</dt>
        <dd className="break-all">
          <a href={reply} className="underline">
            {m.email}
          </a>
        </dd>
        <dt className="font-semibold">Phone</dt>
        <dd>{m.phone ?? 'not given'}</dd>
        <dt className="font-semibold">Received</dt>
        <dd>{when(m.createdAt)}</dd>
        <dt className="font-semibold">Account</dt>
        <dd>
          {m.userId ? (
            <Link to={`/admin/users/${m.userId}`} className="underline">
              signed in
            </Link>
          ) : (
            'not signed in'
          )}
        </dd>
      </dl>
      <section aria-labelledby="msg-h" className="card mt-4 p-4">
        <h2 id="msg-h" className="text-lg font-bold">
          Message
        </h2>
        {/* What the visitor typed, shown as text. */}
        <p className="mt-2 whitespace-pre-line break-words">{m.message}</p>
      </section>
      <div className="mt-4 grid gap-4 sm:grid-cols-2">
        <div className="card grid content-start gap-2 p-4">
          <h2 className="text-lg font-bold">Reply</h2>
          <p className="text-sm text-gray-700">Replies go by e-mail from the support mailbox.</p>
          <a href={reply} className="btn-ghost justify-self-start">
            Write to {m.email}
          </a>
        </div>
        {m.answered ? (
          <ActionForm intent="reopen" title="Not answered after all?" button="Mark unanswered" />
        ) : (
          <ActionForm intent="answered" title="Answered" button="Mark answered">
            <Field
              name="note"
              id="note"
              label="Note for the audit log (optional)"
              maxLength={500}
            />
          </ActionForm>
        )}
      </div>
      <section aria-labelledby="audit-h" className="mt-4">
        <h2 id="audit-h" className="mb-2 text-lg font-bold">
          Staff actions
        </h2>
        <AuditTrail items={trail} />
      </section>
    </main>
  );
}
