import { useId, type ReactNode } from 'react';
import { Form, useActionData, useNavigation } from 'react-router';
import type { FormResult } from '../../lib/form-result.ts';
import { Field, SelectBoxField, TextAreaField } from '../form-field.tsx';
import { Link } from '../link.tsx';

// Small pieces every admin page uses: the result of the last form, the 'I am sure' box of a
// destructive action (works without JavaScript: the browser refuses the form until it is
// ticked, and the API refuses it too), filters and the next-page link of a list.

/** What the last form did, read out to screen readers. */
export function Flash() {
  const done = useActionData() as FormResult | undefined;
  const nav = useNavigation();
  if (!done || nav.state !== 'idle') return null;
  return (
    <p
      role={done.ok ? 'status' : 'alert'}
      className={`mb-4 rounded-lg p-3 text-sm font-medium ${done.ok ? 'bg-green-50 text-green-900' : 'bg-red-50 text-red-800'}`}
    >
      {done.message}
    </p>
  );
}

/** The required 'I am sure' checkbox of a destructive action. */
export function ConfirmBox({ children }: { children: ReactNode }) {
  return (
    <label className="flex items-start gap-2 text-sm">
      <input type="checkbox" name="confirm" required className="mt-1 size-5 shrink-0" />
      <span>
        <strong>I am sure.</strong> {children}
      </span>
    </label>
  );
}

/** The 'I am sure' box with its own words, for forms that say what exactly cannot be undone. */
export function ConfirmCheck({ id, text }: { id: string; text: string }) {
  return (
    <label htmlFor={id} className="flex items-start gap-2 text-sm">
      <input id={id} type="checkbox" name="confirm" value="yes" required className="mt-1 size-5" />
      <span>{text}</span>
    </label>
  );
}

/** An optional note for the audit log. */
export function AuditNote({ id }: { id: string }) {
  return <Field name="note" id={id} label="Note for the audit log (optional)" maxLength={500} />;
}

/** The admin's own password again, which role changes and refunds require. */
export function PasswordAgain({ id }: { id: string }) {
  return (
    <Field
      name="password"
      id={id}
      label="Your password, to confirm"
      type="password"
      autoComplete="current-password"
      required
    />
  );
}

/** One action as a small form: an intent, its fields and a button. */
export function ActionForm({
  intent,
  title,
  button,
  danger,
  children,
}: {
  intent: string;
  title: string;
  button: string;
  danger?: boolean;
  children?: ReactNode;
}) {
  const nav = useNavigation();
  const busy = nav.state !== 'idle' && nav.formData?.get('intent') === intent;
  return (
    <Form method="post" className="card grid content-start gap-3 p-4">
      <h2 className="text-lg font-bold">{title}</h2>
      <input type="hidden" name="intent" value={intent} />
      {children}
      <button
        type="submit"
        disabled={busy}
        className={`${danger ? 'btn bg-red-700 text-white hover:bg-red-800' : 'btn-primary'} justify-self-start`}
      >
        {button}
      </button>
    </Form>
  );
}

/** A note for the audit log (and, for a suspension, for the owner). */
export function NoteField({
  label = 'Note (why)',
  name = 'note',
}: {
  label?: string;
  name?: string;
}) {
  // Unique on the page, which may show several notes (the verify and suspend forms side by
  // side); the label is tied to the textarea by it.
  const id = useId();
  return (
    <TextAreaField
      id={id}
      label={label}
      name={name}
      required
      minLength={3}
      maxLength={500}
      rows={2}
      inputClassName="py-2"
    />
  );
}

/** A yes / no / any select of a filter form. */
export function YesNo({ name, label, value }: { name: string; label: string; value: string }) {
  return (
    <SelectBoxField className="text-sm" label={label} name={name} defaultValue={value}>
      <option value="">Any</option>
      <option value="yes">Yes</option>
      <option value="no">No</option>
    </SelectBoxField>
  );
}

/** The link to the next page of a cursor-paged list, keeping the filters. */
export function NextPage({ lastId, query }: { lastId: number | null; query: URLSearchParams }) {
  if (!lastId) return null;
  const next = new URLSearchParams(query);
  next.set('lastId', String(lastId));
  return (
    <p className="mt-4">
      <Link to={`?${next}`} className="btn-ghost">
        Next page
      </Link>
    </p>
  );
}

/** A small coloured label: Verified, Suspended, Hidden … */
export function Pill({
  tone,
  children,
}: {
  tone: 'green' | 'red' | 'gray' | 'amber';
  children: ReactNode;
}) {
  const c = {
    green: 'bg-green-100 text-green-900',
    red: 'bg-red-100 text-red-900',
    gray: 'bg-gray-100 text-gray-800',
    amber: 'bg-amber-100 text-amber-900',
  }[tone];
  return (
    <span className={`inline-block rounded-full px-2 py-0.5 text-xs font-semibold ${c}`}>
      {children}
    </span>
  );
}

/**
 * Verify / un-verify and suspend / lift forms of a store or a mechanic/tow-van listing; what
 * verifying checks and what suspending hides are said by the page.
 */
export function StandingForms({
  s,
  noun,
  name,
  hides,
  lifts,
}: {
  s: { verified: boolean; suspended: boolean };
  noun: string;
  name: string;
  hides: string;
  lifts?: string;
}) {
  return (
    <div className="grid gap-4 md:grid-cols-2">
      {s.verified ? (
        <ActionForm intent="unverify" title="Remove the verified badge" button="Un-verify">
          <NoteField />
        </ActionForm>
      ) : (
        <ActionForm intent="verify" title={`Verify this ${noun}`} button="Verify">
          <p className="text-sm text-gray-700">
            Verified means staff checked the business is real: its registration (CAC), its address
            and its phone number.
          </p>
          <NoteField label="Note (what you checked)" />
        </ActionForm>
      )}
      {s.suspended ? (
        <ActionForm intent="unsuspend" title="Lift the suspension" button="Unsuspend">
          {lifts ? <p className="text-sm text-gray-700">{lifts}</p> : null}
          <NoteField />
        </ActionForm>
      ) : (
        <ActionForm
          intent="suspend"
          title={`Suspend this ${noun}`}
          button={`Suspend ${noun}`}
          danger
        >
          <p className="text-sm text-gray-700">{hides}</p>
          <NoteField label="Reason (the owner reads it)" />
          <ConfirmBox>Suspend {name}.</ConfirmBox>
        </ActionForm>
      )}
    </div>
  );
}

/** A store's or listing's standing. */
export function StoreState({ s }: { s: { verified: boolean; suspended: boolean } }) {
  return (
    <span className="flex flex-wrap gap-1">
      {s.suspended ? <Pill tone="red">Suspended</Pill> : null}
      {s.verified ? <Pill tone="green">Verified</Pill> : <Pill tone="gray">Not verified</Pill>}
    </span>
  );
}
