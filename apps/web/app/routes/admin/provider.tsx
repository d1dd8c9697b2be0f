import { Form } from 'react-router';
import {
  adminGet,
  adminIdParam,
  adminSubmit,
  field,
  requireAdmin,
  standingAction,
} from '../../lib/admin.server.ts';
import { loadAuditTrail } from '../../lib/audit.server.ts';
import { AuditTrail } from '../../components/AuditTrail.tsx';
import { Flash, StandingForms, StoreState } from '../../components/admin/ui.tsx';
import type { Route } from './+types/provider';
import { Field, TextAreaField } from '../../components/form-field.tsx';
import { Link } from '../../components/link.tsx';

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `Admin: ${data?.sp.companyName ?? 'listing'} | SpareFinder NG` },
];

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const id = adminIdParam(params.id, 'listing');
  const [ans, trail] = await Promise.all([
    adminGet(context, `/api/admin/providers/${id}`, 'Listing'),
    loadAuditTrail(context, 'provider', id),
  ]);
  return { sp: ans.item, trail };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  await requireAdmin(request, context);
  const id = adminIdParam(params.id, 'listing');
  const form = await request.formData();
  const standing = standingAction(context, form, `/api/admin/providers/${id}`);
  if (standing) return standing;
  return adminSubmit(context, 'PATCH', `/api/admin/providers/${id}`, {
    companyName: field(form, 'companyName'),
    mobileNumber: field(form, 'mobileNumber'),
    phoneNumber: field(form, 'phoneNumber') || null,
    address: field(form, 'address'),
    description: String(form.get('description') ?? '').trim(),
  });
}

export default function AdminProviderPage({ loaderData }: Route.ComponentProps) {
  const { sp, trail } = loaderData;
  const noun = sp.kind === 'towvan' ? 'tow van' : 'workshop';
  return (
    <main id="main">
      <p className="text-sm">
        <Link to="/admin/mechanics" className="underline">
          Mechanics and tow vans
        </Link>{' '}
        ›
      </p>
      <h1 className="text-2xl font-bold">{sp.companyName}</h1>
      <p className="mt-2 flex flex-wrap items-center gap-2 text-sm text-gray-700">
        {sp.kind === 'towvan' ? 'Tow van' : 'Mechanic'} in {sp.city}, {sp.state} ·{' '}
        {sp.owner ? `${sp.owner.name}, ${sp.owner.email}` : 'not claimed'} <StoreState s={sp} />
        {!sp.suspended && (
          <a href={sp.url} className="underline">
            Public page
          </a>
        )}
      </p>
      <div className="mt-4">
        <Flash />
      </div>
      <Form method="post" className="card grid gap-3 p-4 sm:grid-cols-2">
        <h2 className="text-lg font-bold sm:col-span-2">Edit</h2>
        <input type="hidden" name="intent" value="edit" />
        <Field
          className="sm:col-span-2"
          label="Business name"
          name="companyName"
          required
          defaultValue={sp.companyName}
        />
        <Field
          label="Mobile number"
          name="mobileNumber"
          type="tel"
          required
          defaultValue={sp.mobileNumber}
        />
        <Field
          label="Other phone (optional)"
          name="phoneNumber"
          type="tel"
          defaultValue={sp.phoneNumber ?? ''}
        />
        <Field className="sm:col-span-2" label="Address" name="address" defaultValue={sp.address} />
        <TextAreaField
          className="sm:col-span-2"
          label="Description"
          name="description"
          rows={3}
          defaultValue={sp.description}
          inputClassName="py-2"
        />
        <button type="submit" className="btn-primary justify-self-start">
          Save changes
        </button>
      </Form>
      <div className="mt-4">
        <StandingForms
          s={sp}
          noun={noun}
          name={sp.companyName}
          hides="Takes it off every list and its page until lifted; the owner is told why."
        />
      </div>
      <h2 className="mb-2 mt-6 text-lg font-bold">Staff actions</h2>
      <AuditTrail items={trail} />
    </main>
  );
}
