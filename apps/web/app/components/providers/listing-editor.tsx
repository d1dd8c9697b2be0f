import { useEffect, useRef } from 'react';
import { Form, useNavigation } from 'react-router';
import { DAYS, type Option } from '@sf/shared';
import type { ListingData, ListingFormAnswer } from '../../lib/listing.server.ts';
import { KINDS } from '../../lib/providers.ts';
import { useStateCities } from '../../lib/use-state-cities.ts';
import { Field, FormMessage, TextAreaField, useFailureToast } from '../form-field.tsx';
import { SelectField } from '../select-field.tsx';
import { LogoEditor } from '../logo-editor.tsx';
import { useToast } from '../toasts.tsx';
import { RequestsNearYou } from '../requests/requests-near-you.tsx';
import { SUPPORT } from '../../lib/menus.ts';
import { Link } from '../link.tsx';

const NOUN = { mechanic: 'workshop', towvan: 'garage' } as const;

/** Ticked boxes of one list, with its error beside the group. */
function Checkboxes({
  legend,
  name,
  options,
  checked,
  error,
}: {
  legend: string;
  name: string;
  options: Option<string | number>[];
  checked: readonly string[];
  error?: string;
}) {
  return (
    <fieldset aria-describedby={error ? `f-${name}-error` : undefined}>
      <legend className="label">{legend}</legend>
      <div className="mt-1 grid grid-cols-2 gap-x-4 gap-y-1 sm:grid-cols-3">
        {options.map((o) => (
          <label key={o.value} className="flex min-h-11 items-center gap-2 text-sm">
            <input
              type="checkbox"
              name={name}
              value={String(o.value)}
              defaultChecked={checked.includes(String(o.value))}
              className="size-5"
            />
            {o.label}
          </label>
        ))}
      </div>
      {error && (
        <p id={`f-${name}-error`} className="mt-1 text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}

/**
 * State and city. Without JavaScript a changed state shows its cities after the first submit
 * (the city is then asked for); with it, choosing a state loads them.
 */
function PlaceSelects({
  states,
  cities: initialCities,
  stateId: initialState,
  cityId: initialCity,
  fields,
}: {
  states: Option<number>[];
  cities: Option<number>[];
  stateId: string;
  cityId: string;
  fields: Record<string, string>;
}) {
  const { stateId, cityId, setCityId, cities, chooseState } = useStateCities({
    stateId: initialState,
    cityId: initialCity,
    cities: initialCities,
  });
  return (
    <>
      <SelectField
        name="stateId"
        label="State"
        options={states}
        placeholder="Choose…"
        value={stateId}
        onChange={(v) => void chooseState(v)}
        error={fields.stateId}
      />
      <SelectField
        name="cityId"
        label="City"
        options={cities}
        placeholder="Choose…"
        value={cityId}
        onChange={setCityId}
        error={fields.cityId}
      />
    </>
  );
}

/**
 * A listing staff suspended: said plainly, with why and how to have it lifted, instead of a form
 * whose save would be refused.
 */
function Suspended({
  noun,
  item,
}: {
  noun: string;
  item: { company_name: string; suspended_reason: string | null };
}) {
  const phone = SUPPORT.phones[0];
  return (
    <main id="main" className="container-page max-w-3xl py-6">
      <h1 className="text-2xl font-bold">My {noun}</h1>
      <section
        className="mt-4 rounded-[var(--radius-card)] border-l-4 border-red-600 bg-red-50 p-4"
        aria-labelledby="suspended-h"
        data-testid="listing-suspended"
      >
        <h2 id="suspended-h" className="text-lg font-bold text-red-900">
          {item.company_name} is suspended
        </h2>
        <p className="mt-1 text-red-900">
          SpareFinder staff suspended your {noun}: customers cannot find it in the lists or the
          search, its page and phone numbers are hidden, and requests do not reach it. It cannot be
          changed until staff lift the suspension.
        </p>
        {item.suspended_reason && (
          <p className="mt-2 text-sm text-gray-900">
            <strong>Reason given:</strong> {item.suspended_reason}
          </p>
        )}
        <p className="mt-3 text-sm text-gray-900">
          To have it lifted, call{' '}
          <a className="font-semibold underline" href={`tel:${phone.replace(/\s/g, '')}`}>
            {phone}
          </a>{' '}
          ({SUPPORT.hours}) or write to us.
        </p>
        <Link to="/contact-us" className="btn-primary mt-3">
          Contact support
        </Link>
      </section>
    </main>
  );
}

/** The dashboard of a mechanic's workshop or a tow van's garage: one form, then its requests. */
export function ListingEditor({
  data,
  answer,
}: {
  data: ListingData;
  answer: ListingFormAnswer | undefined;
}) {
  const { kind, item, lookups } = data;
  // Not listed yet: the same form, empty but for what registration already said.
  const e = item ?? {
    company_name: data.owner?.businessName ?? '',
    mobile_number: data.owner?.phone ?? '',
    phone_number: '',
    state_id: 0,
    city_id: 0,
    address: '',
    description: '',
    days: [] as string[],
    speciality_ids: [] as number[],
    capacity_ids: [] as number[],
    vehicle_type_ids: [] as number[],
  };
  const k = KINDS[kind];
  const noun = NOUN[kind];
  const busy = useNavigation().state === 'submitting';
  const notify = useToast();
  useFailureToast(answer);
  useEffect(() => {
    if (answer?.ok && answer.message) notify('success', answer.message);
  }, [answer, notify]);
  const f = answer?.ok === false ? (answer.fields ?? {}) : {};
  const sent = answer?.ok === false ? answer.values : undefined;
  const text = (name: string, saved: string) => {
    const v = sent?.[name];
    return typeof v === 'string' ? v : saved;
  };
  const list = (name: string, saved: readonly (string | number)[]) => {
    const v = sent?.[name];
    return Array.isArray(v) ? v : saved.map(String);
  };
  // Uncontrolled fields take their default only when mounted. A refused answer mounts the form
  // again to show what was sent beside its errors. A save that went through does not: the form
  // already shows what was saved, and the page's fresh data lands a moment after the answer, so
  // mounting then would wipe whatever the user began changing in between.
  const formKey = useRef('form');
  if (answer?.ok === false) formKey.current = JSON.stringify(answer);

  if (item?.suspended) return <Suspended noun={noun} item={item} />;

  return (
    <main id="main" className="container-page max-w-3xl py-6">
      <h1 className="text-2xl font-bold">My {noun}</h1>
      {item ? (
        <p className="mt-1 text-gray-700">
          What customers see on{' '}
          <Link to={item.url} className="font-semibold text-brand-700 underline">
            your public page
          </Link>
          . Changes show there and in the {k.title.toLowerCase()} list as soon as you save.{' '}
          <Link
            to={`/user/${noun === 'workshop' ? 'workshop' : 'garage'}/reviews`}
            className="font-semibold text-brand-700 underline"
          >
            Your customers’ reviews
          </Link>
        </p>
      ) : (
        <p className="mt-1 text-gray-700">
          Your {noun} is not listed yet. Fill in these details and save: it shows on the{' '}
          <Link to={k.list} className="font-semibold text-brand-700 underline">
            {k.title.toLowerCase()} list
          </Link>{' '}
          and in the search at once.
        </p>
      )}
      <section aria-labelledby="listing-h" className="card mt-5 p-5">
        <h2 id="listing-h" className="text-lg font-bold">
          {noun === 'workshop' ? 'Workshop' : 'Garage'} details
        </h2>
        {answer?.message && (
          <div className="mt-3">
            <FormMessage type={answer.ok ? 'success' : 'error'}>{answer.message}</FormMessage>
          </div>
        )}
        <Form method="post" noValidate className="mt-3 space-y-4" key={formKey.current}>
          <Field
            name="companyName"
            label="Business name"
            required
            maxLength={80}
            defaultValue={text('companyName', e.company_name)}
            error={f.companyName}
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <Field
              name="mobileNumber"
              label="Mobile number"
              type="tel"
              autoComplete="tel"
              required
              maxLength={20}
              defaultValue={text('mobileNumber', e.mobile_number)}
              error={f.mobileNumber}
            />
            <Field
              name="phoneNumber"
              label="Other phone number (optional)"
              type="tel"
              maxLength={20}
              defaultValue={text('phoneNumber', e.phone_number)}
              error={f.phoneNumber}
            />
            <PlaceSelects
              states={lookups.states}
              cities={answer?.ok === false && answer.cities ? answer.cities : lookups.cities}
              stateId={text('stateId', e.state_id ? String(e.state_id) : '')}
              cityId={text('cityId', e.city_id ? String(e.city_id) : '')}
              fields={f}
            />
          </div>
          <Field
            name="address"
            label="Address"
            autoComplete="street-address"
            maxLength={200}
            defaultValue={text('address', e.address)}
            error={f.address}
          />
          <TextAreaField
            label="Description"
            name="description"
            rows={5}
            maxLength={2000}
            defaultValue={text('description', e.description)}
            inputClassName={f.description ? 'py-2 border-red-600' : 'py-2'}
          />
          <Checkboxes
            legend="Days open"
            name="days"
            options={DAYS.map((d) => ({ label: d, value: d }))}
            checked={list('days', e.days)}
            error={f.days}
          />
          <Checkboxes
            legend={k.tagsHeading}
            name="tags"
            options={lookups.tags}
            checked={list('tags', (kind === 'mechanic' ? e.speciality_ids : e.capacity_ids) ?? [])}
            error={f.tags}
          />
          <Checkboxes
            legend="Vehicle types"
            name="vehicleTypes"
            options={lookups.vehicleTypes}
            checked={list('vehicleTypes', e.vehicle_type_ids)}
            error={f.vehicleTypes}
          />
          <button type="submit" className="btn-primary" disabled={busy}>
            {item ? `Save ${noun}` : `List my ${noun}`}
          </button>
        </Form>
      </section>
      {item && (
        <div className="mt-5">
          <LogoEditor
            logo={item.company_logo}
            name={item.company_name}
            action={`/api/provider/logo?spId=${item.sp_id}`}
            hidden={{ spId: String(item.sp_id) }}
          />
        </div>
      )}
      <RequestsNearYou
        heading="Requests"
        empty={`No requests yet. When customers ask for a ${k.singular}, their requests show here.`}
      />
    </main>
  );
}
