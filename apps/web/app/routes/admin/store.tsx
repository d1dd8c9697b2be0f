import {
  adminGet,
  adminIdParam,
  adminSubmit,
  field,
  requireAdmin,
  standingAction,
} from '../../lib/admin.server.ts';
import { AdminPayouts, type AdminPayoutRow } from '../../components/admin/payouts.tsx';
import { loadAuditTrail } from '../../lib/audit.server.ts';
import { AuditTrail } from '../../components/AuditTrail.tsx';
import { Flash, StandingForms, StoreState } from '../../components/admin/ui.tsx';
import { plural } from '@sf/shared';
import type { Route } from './+types/store';
import { Link } from '../../components/link.tsx';

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `Admin: ${data?.store.name ?? 'store'} | SpareFinder NG` },
];

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const id = adminIdParam(params.id, 'store');
  const [ans, trail, payouts] = await Promise.all([
    adminGet(context, `/api/admin/stores/${id}`, 'Store'),
    loadAuditTrail(context, 'store', id),
    adminGet<{ items: AdminPayoutRow[] }>(context, `/api/admin/payouts?storeId=${id}`, 'Payouts'),
  ]);
  return { store: ans.item, trail, payouts: payouts.items };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  await requireAdmin(request, context);
  const id = adminIdParam(params.id, 'store');
  const form = await request.formData();
  if (field(form, 'intent') === 'payout-otp')
    return adminSubmit(
      context,
      'POST',
      `/api/admin/payouts/${adminIdParam(field(form, 'payoutId'), 'payout')}/finalize`,
      { otp: field(form, 'otp') },
    );
  return (
    standingAction(context, form, `/api/admin/stores/${id}`) ?? {
      ok: false,
      message: 'Choose an action',
    }
  );
}

export default function AdminStorePage({ loaderData }: Route.ComponentProps) {
  const { store: s, trail, payouts } = loaderData;
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
      <StandingForms
        s={s}
        noun="store"
        name={`${s.name} and hide its parts`}
        hides={`Hides all ${plural(s.activeProducts, 'part')} on sale from lists, search, product pages and carts until lifted. The owner gets a notification and an e-mail with your reason.`}
        lifts="The parts the suspension hid go back on sale; the owner is told."
      />
      <AdminPayouts items={payouts} />
      <h2 className="mb-2 mt-6 text-lg font-bold">Staff actions</h2>
      <AuditTrail items={trail} />
    </main>
  );
}
