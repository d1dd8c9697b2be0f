import {
  Link,
  useLoaderData,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from 'react-router';
import type { AdminStore } from '@sf/api/types';
import { adminGet, adminSubmit, field, requireAdmin } from '../../lib/admin.server.ts';
import { loadAuditTrail } from '../../lib/audit.server.ts';
import { notFound } from '../../lib/api.server.ts';
import { AuditTrail } from '../../components/AuditTrail.tsx';
import {
  ActionForm,
  ConfirmBox,
  Flash,
  NoteField,
  StoreState,
} from '../../components/admin/ui.tsx';

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `Admin: ${data?.store.name ?? 'store'} | SpareFinder NG` },
];

const idOf = (raw: string | undefined) => {
  const id = Number(raw);
  if (!Number.isInteger(id) || id < 1 || id > 2147483647) throw notFound(`No store ${raw}`);
  return id;
};

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await requireAdmin(request, context);
  const id = idOf(params.id);
  const [ans, trail] = await Promise.all([
    adminGet<{ item: AdminStore }>(context, `/api/admin/stores/${id}`, 'Store'),
    loadAuditTrail(context, 'store', id),
  ]);
  return { store: ans.item, trail };
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  await requireAdmin(request, context);
  const id = idOf(params.id);
  const form = await request.formData();
  const note = field(form, 'note');
  switch (field(form, 'intent')) {
    case 'verify':
    case 'unverify':
      return adminSubmit(context, 'POST', `/api/admin/stores/${id}/verify`, {
        verified: field(form, 'intent') === 'verify',
        note,
      });
    case 'suspend':
    case 'unsuspend':
      return adminSubmit(context, 'POST', `/api/admin/stores/${id}/suspend`, {
        suspended: field(form, 'intent') === 'suspend',
        note,
        ...(form.get('confirm') ? { confirm: 'on' } : {}),
      });
  }
  return { ok: false, message: 'Choose an action' };
}

export default function AdminStorePage() {
  const { store: s, trail } = useLoaderData<typeof loader>();
  return (
    <main id="main">
      <p className="text-sm">
        <Link to="/admin/cedstore" className="underline">
          Stores
        </Link>{' '}
        ›
      </p>
      <h1 className="text-2xl font-bold">{s.name}</h1>
      <div className="mt-2">
        <StoreState s={s} />
      </div>
      <dl className="card mt-4 grid gap-x-4 gap-y-2 p-4 text-sm sm:grid-cols-[10rem_1fr]">
        <dt className="font-semibold">Public page</dt>
        <dd>
          <a href={s.url} className="underline">
            {s.url}
          </a>
        </dd>
        <dt className="font-semibold">Owner</dt>
        <dd>{s.owner ? `${s.owner.name}, ${s.owner.email}` : 'Nobody (not claimed)'}</dd>
        <dt className="font-semibold">Place</dt>
        <dd>
          {s.city}, {s.state}
        </dd>
        <dt className="font-semibold">Parts</dt>
        <dd>
          {s.activeProducts} on sale of {s.products} ·{' '}
          <Link to={`/admin/products?store=${s.id}`} className="underline">
            See its products
          </Link>
        </dd>
        <dt className="font-semibold">Opened</dt>
        <dd>{new Date(s.createdAt).toLocaleDateString('en-NG', { timeZone: 'Africa/Lagos' })}</dd>
      </dl>
      <div className="mt-4">
        <Flash />
      </div>
      <div className="grid gap-4 md:grid-cols-2">
        {s.verified ? (
          <ActionForm intent="unverify" title="Remove the verified badge" button="Un-verify">
            <NoteField />
          </ActionForm>
        ) : (
          <ActionForm intent="verify" title="Verify this store" button="Verify">
            <p className="text-sm text-gray-700">
              Verified means staff checked the business is real: its registration (CAC), its address
              and its phone number.
            </p>
            <NoteField label="Note (what you checked)" />
          </ActionForm>
        )}
        {s.suspended ? (
          <ActionForm intent="unsuspend" title="Lift the suspension" button="Unsuspend">
            <p className="text-sm text-gray-700">
              The parts the suspension hid go back on sale; the owner is told.
            </p>
            <NoteField />
          </ActionForm>
        ) : (
          <ActionForm intent="suspend" title="Suspend this store" button="Suspend store" danger>
            <p className="text-sm text-gray-700">
              Hides all {s.activeProducts} parts on sale from lists, search, product pages and carts
              until lifted. The owner gets a notification and an e-mail with your reason.
            </p>
            <NoteField label="Reason (the owner reads it)" />
            <ConfirmBox>Suspend {s.name} and hide its parts.</ConfirmBox>
          </ActionForm>
        )}
      </div>
      <h2 className="mb-2 mt-6 text-lg font-bold">Staff actions</h2>
      <AuditTrail items={trail} />
    </main>
  );
}
