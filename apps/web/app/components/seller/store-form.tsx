import { useState } from 'react';
import { Form } from 'react-router';
import type { Option } from '@sf/shared';
import { browserApi } from '../../lib/api.ts';
import { BANKS, koboToInput, type BankAnswer, type StoreProfile } from '../../lib/seller.ts';
import { Field, SelectBoxField } from '../form-field.tsx';

export interface StoreDraft {
  name: string;
  urlName: string;
  phone1: string;
  phone2: string;
  phone3: string;
  stateId: string;
  cityId: string;
  address: string;
  feeIn: string;
  feeOut: string;
}

export function storeDraft(
  s: StoreProfile | null,
  suggestion?: { name: string; urlName: string } | null,
): StoreDraft {
  return {
    name: s?.name ?? suggestion?.name ?? '',
    urlName: s?.urlName ?? suggestion?.urlName ?? '',
    phone1: s?.phones[0] ?? '',
    phone2: s?.phones[1] ?? '',
    phone3: s?.phones[2] ?? '',
    stateId: s ? String(s.stateId) : '',
    cityId: s ? String(s.cityId) : '',
    address: s?.address ?? '',
    feeIn: s ? koboToInput(s.deliveryFeeInStateKobo) : '',
    feeOut: s ? koboToInput(s.deliveryFeeOtherStatesKobo) : '',
  };
}

/**
 * The store's details as one POST form. Without JavaScript a changed state shows its cities
 * after the first submit (the city is then asked for); with it, choosing a state loads them.
 */
export function StoreForm({
  draft,
  states,
  cities: initialCities,
  fields = {},
  opening,
  busy,
}: {
  draft: StoreDraft;
  states: Option<number>[];
  cities: Option<number>[];
  fields?: Record<string, string>;
  opening: boolean;
  busy: boolean;
}) {
  const [stateId, setStateId] = useState(draft.stateId);
  const [cities, setCities] = useState(initialCities);
  const [cityId, setCityId] = useState(draft.cityId);
  const chooseState = async (v: string) => {
    setStateId(v);
    setCityId('');
    setCities([]);
    if (v) setCities(await browserApi.lookup(`/api/database/cities/${v}`));
  };
  const phoneError = fields.phones;
  return (
    <Form method="post" className="space-y-4" aria-label="Store details">
      <input type="hidden" name="intent" value="profile" />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          name="name"
          label="Store name"
          defaultValue={draft.name}
          required
          maxLength={80}
          error={fields.name}
        />
        <Field
          name="urlName"
          label="Name in your store's address"
          defaultValue={draft.urlName}
          maxLength={60}
          pattern="[a-z0-9]+(-[a-z0-9]+)*"
          hint="sparefinder.ng/store/… — lower-case letters, digits and dashes"
          error={fields.urlName}
        />
      </div>
      <fieldset>
        <legend className="label">Phone numbers buyers can call (up to 3)</legend>
        <div className="grid gap-2 sm:grid-cols-3">
          {(['phone1', 'phone2', 'phone3'] as const).map((k, i) => (
            <div key={k}>
              <label htmlFor={`f-${k}`} className="sr-only">
                Phone {i + 1}
              </label>
              <input
                id={`f-${k}`}
                name="phones"
                type="tel"
                inputMode="tel"
                className={`input ${phoneError ? 'border-red-600' : ''}`}
                defaultValue={draft[k]}
                placeholder={i === 0 ? '0803 123 4567' : 'Another number (optional)'}
                required={i === 0}
                maxLength={20}
                aria-invalid={phoneError ? true : undefined}
                aria-describedby={phoneError ? 'f-phones-error' : undefined}
              />
            </div>
          ))}
        </div>
        {phoneError && (
          <p id="f-phones-error" className="mt-1 text-sm font-medium text-red-700">
            {phoneError}
          </p>
        )}
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectBoxField
          label="State"
          name="stateId"
          required
          value={stateId}
          onChange={(e) => void chooseState(e.target.value)}
          error={fields.stateId}
        >
          <option value="">Choose your state</option>
          {states.map((s) => (
            <option key={s.value} value={s.value}>
              {s.label}
            </option>
          ))}
        </SelectBoxField>
        <SelectBoxField
          label="City or area"
          name="cityId"
          value={cityId}
          onChange={(e) => setCityId(e.target.value)}
          error={fields.cityId}
          hint={fields.cityId ? undefined : 'Changed the state? Save, then choose the city.'}
        >
          <option value="">{cities.length ? 'Choose your city' : 'Choose the state first'}</option>
          {cities.map((c) => (
            <option key={c.value} value={c.value}>
              {c.label}
            </option>
          ))}
        </SelectBoxField>
      </div>
      <Field
        name="address"
        label="Street address (for pick-up)"
        defaultValue={draft.address}
        maxLength={200}
        error={fields.address}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          name="feeIn"
          label="Delivery fee within your state (₦)"
          defaultValue={draft.feeIn}
          inputMode="decimal"
          placeholder="2500"
          error={fields.feeIn ?? fields.deliveryFeeInStateKobo}
        />
        <Field
          name="feeOut"
          label="Delivery fee to other states (₦)"
          defaultValue={draft.feeOut}
          inputMode="decimal"
          placeholder="6000"
          error={fields.feeOut ?? fields.deliveryFeeOtherStatesKobo}
        />
      </div>
      <button type="submit" className="btn-primary" disabled={busy}>
        {opening ? 'Open my store' : 'Save store details'}
      </button>
    </Form>
  );
}

/**
 * Where payouts go, in two steps: the bank names the account (never a typed name), then the
 * owner's password saves it. The account number is shown masked once saved.
 */
export function BankAccountForm({
  current,
  busy,
  answer,
}: {
  current: { accountNumber: string; accountName: string } | null;
  busy: boolean;
  /** The last answer of this form (a named account waiting for the password, or an error). */
  answer?: BankAnswer | null;
}) {
  const check = answer?.check;
  const fields = answer?.fields ?? {};
  return (
    <details open={!!answer}>
      <summary className="flex min-h-11 cursor-pointer items-center font-semibold text-brand-800">
        {current
          ? `Payouts go to ${current.accountName}, ${current.accountNumber}: change`
          : 'Add your bank account to withdraw'}
      </summary>
      {answer?.message && (
        <p role="alert" className="mt-2 text-sm font-medium text-red-800">
          {answer.message}
        </p>
      )}
      {check ? (
        <Form method="post" className="mt-2 space-y-2" data-testid="bank-confirm">
          <input type="hidden" name="intent" value="bank" />
          <input type="hidden" name="bankCode" value={check.bankCode} />
          <input type="hidden" name="accountNumber" value={check.accountNumber} />
          <input type="hidden" name="shownName" value={check.accountName} />
          <p className="text-sm">
            Your bank names this account{' '}
            <strong data-testid="resolved-name">{check.accountName}</strong> (
            {BANKS.find(([c]) => c === check.bankCode)?.[1] ?? check.bankCode},{' '}
            {check.accountNumber}
            ).
          </p>
          {current && (
            <p className="text-sm text-amber-900">
              After a change, payouts wait 24 hours, and we e-mail you about it.
            </p>
          )}
          <label htmlFor="bank-password" className="label">
            Your password, to confirm
          </label>
          <input
            id="bank-password"
            name="password"
            type="password"
            autoComplete="current-password"
            required
            className="input"
            aria-invalid={fields.password ? true : undefined}
          />
          <button type="submit" className="btn-primary" disabled={busy}>
            Save bank account
          </button>
        </Form>
      ) : (
        <Form method="post" className="mt-2 space-y-2">
          <input type="hidden" name="intent" value="bank-check" />
          <label htmlFor="bank-code" className="label">
            Bank
          </label>
          <select id="bank-code" name="bankCode" className="input" required>
            <option value="">Choose your bank</option>
            {BANKS.map(([code, name]) => (
              <option key={code} value={code}>
                {name}
              </option>
            ))}
          </select>
          <label htmlFor="bank-number" className="label">
            Account number (10 digits)
          </label>
          <input
            id="bank-number"
            name="accountNumber"
            className="input"
            inputMode="numeric"
            pattern="[0-9]{10}"
            maxLength={10}
            required
            aria-invalid={fields.accountNumber ? true : undefined}
          />
          <button type="submit" className="btn-primary" disabled={busy}>
            Check the account
          </button>
        </Form>
      )}
    </details>
  );
}
