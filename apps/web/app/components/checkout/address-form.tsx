import { Field } from '../form-field.tsx';
import { SelectField } from '../select-field.tsx';

type Option = { label: string; value: number };

/**
 * Where a delivery goes: state, then its cities (listed once a state is chosen; without
 * JavaScript, 'Update total' lists them), then the street.
 */
export function AddressForm({
  states,
  stateId,
  chooseState,
  cities,
  cityId,
  setCityId,
  street,
  fields,
}: {
  states: Option[];
  stateId: string | number | null;
  chooseState: (id: string) => unknown;
  cities: Option[];
  cityId: string | number | null;
  setCityId: (id: string) => void;
  street: string;
  fields: Record<string, string>;
}) {
  return (
    <div className="space-y-3 pt-1">
      <SelectField
        name="stateId"
        label="State"
        options={states}
        value={stateId}
        onChange={(x) => void chooseState(x)}
        placeholder="Choose the state"
        error={fields.stateId}
      />
      <SelectField
        name="cityId"
        label="City or area"
        options={cities}
        value={cityId}
        onChange={setCityId}
        placeholder={stateId ? 'Choose the city or area' : 'Choose the state first'}
        error={fields.cityId}
      />
      <noscript>
        <p className="text-sm text-gray-700">
          After choosing the state, press 'Update total' to list its cities.
        </p>
      </noscript>
      <Field
        name="street"
        label="Street address"
        defaultValue={street}
        autoComplete="street-address"
        maxLength={200}
        error={fields.street}
      />
    </div>
  );
}
