import { Form } from 'react-router';
import { useRef, useState, type FormEvent } from 'react';
import type { Option } from '@sf/shared';
import { browserApi } from '../../lib/api.ts';
import { dayOptions, filterKeys, isActive, KINDS, type ProviderKind } from '../../lib/providers.ts';
import { ResetIcon, SearchIcon } from '../icons.tsx';
import { SelectBoxField } from '../form-field.tsx';
import { useLive } from '../../lib/use-live.ts';
import { Link } from '../link.tsx';

export interface FilterLookups {
  states: Option<number>[];
  cities: Option<number>[];
  tags: Option<number>[];
  vehicleTypes: Option<number>[];
}

function Select({
  id,
  name,
  label,
  options,
  value,
  onChange,
  placeholder,
}: {
  id: string;
  name: string;
  label: string;
  options: Option<number | string>[];
  value: string;
  onChange: (v: string) => void;
  placeholder: string;
}) {
  return (
    <SelectBoxField
      className="min-w-0"
      id={id}
      label={label}
      name={name}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      inputClassName="truncate pr-8"
    >
      <option value="">{placeholder}</option>
      {options.map((o) => (
        <option key={o.value} value={String(o.value)}>
          {o.label}
        </option>
      ))}
    </SelectBoxField>
  );
}

/**
 * The provider filter panel as a GET form (the URL holds the state, so it works before
 * JavaScript): inactive until a value is picked, Search runs it, a reset icon while active.
 * Choosing a state loads its cities (with JavaScript; without it, the loader gives the cities
 * of the state in the URL after Search).
 */
export function ProviderFilters({
  kind,
  filters,
  lookups,
}: {
  kind: ProviderKind;
  filters: Record<string, string>;
  lookups: FilterLookups;
}) {
  const k = KINDS[kind];
  const [values, setValues] = useState<Record<string, string>>(() =>
    Object.fromEntries(filterKeys(kind).map((f) => [f, filters[f] ?? ''])),
  );
  const [cities, setCities] = useState(lookups.cities);
  const live = useLive();
  const citiesFor = useRef(filters.regionId ?? '');

  const set = (name: string) => (v: string) => setValues((old) => ({ ...old, [name]: v }));
  const onState = async (v: string) => {
    setValues((old) => ({ ...old, regionId: v, city: '' }));
    citiesFor.current = v;
    if (!v) return setCities([]);
    const list = await browserApi.lookup<Option<number>>(`/api/database/cities/${v}`);
    if (citiesFor.current === v) setCities(list);
  };
  const picked = isActive(values);
  const applied = isActive(filters);
  // Empty fields stay out of the URL (the API is called with empty filters omitted).
  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    for (const el of Array.from(e.currentTarget.elements)) {
      // An empty state stays: it means all Nigeria, where no state at all means the visitor's own.
      if (el instanceof HTMLSelectElement && !el.value && el.name !== 'regionId')
        el.disabled = true;
    }
    queueMicrotask(() => {
      for (const el of Array.from((e.target as HTMLFormElement).elements))
        if (el instanceof HTMLSelectElement) el.disabled = false;
    });
  };

  return (
    <Form
      method="get"
      action={k.list}
      onSubmit={onSubmit}
      aria-label={`Filter ${k.title.toLowerCase()}`}
      className="card p-3"
    >
      <div className="grid grid-cols-2 gap-x-2 gap-y-2 md:grid-cols-3 lg:grid-cols-6 lg:items-end">
        <Select
          id="f-state"
          name="regionId"
          label="State"
          options={lookups.states}
          value={values.regionId}
          onChange={onState}
          placeholder="Any state"
        />
        <Select
          id="f-city"
          name="city"
          label="City"
          options={cities}
          value={values.city}
          onChange={set('city')}
          placeholder={values.regionId ? 'Any city' : 'Pick a state first'}
        />
        <Select
          id="f-tag"
          name={k.tagParam}
          label={k.tagLabel}
          options={lookups.tags}
          value={values[k.tagParam]}
          onChange={set(k.tagParam)}
          placeholder={`Any ${k.tagLabel.toLowerCase()}`}
        />
        <Select
          id="f-vehicle"
          name="vehicleType"
          label="Vehicle type"
          options={lookups.vehicleTypes}
          value={values.vehicleType}
          onChange={set('vehicleType')}
          placeholder="Any vehicle"
        />
        <Select
          id="f-day"
          name="avaliability"
          label="Open on"
          options={dayOptions}
          value={values.avaliability}
          onChange={set('avaliability')}
          placeholder="Any day"
        />
        <div className="flex items-end gap-2">
          <button
            type="submit"
            className="btn-primary flex-1"
            disabled={live && !picked && !applied}
          >
            <SearchIcon size={18} /> Search<span className="sr-only"> {k.title.toLowerCase()}</span>
          </button>
          {applied && (
            <Link
              to={k.list}
              className="btn-ghost w-11 shrink-0 px-0"
              aria-label="Reset filters"
              title="Reset filters"
            >
              <ResetIcon size={20} />
            </Link>
          )}
        </div>
      </div>
    </Form>
  );
}
