import { useState, type FormEvent } from 'react';
import { Form, useNavigate } from 'react-router';
import { yearOptions, type Option } from '@sf/shared';
import { browserApi, toQuery } from '../../lib/api.ts';
import {
  CONDITION_OPTIONS,
  PARTS_FILTERS,
  hasFilters,
  type FilterOptions,
  type PartsFilters,
} from '../../lib/catalog.ts';
import { ResetIcon, SearchIcon } from '../icons.tsx';
import { SelectField } from '../select-field.tsx';
import { useLive } from '../../lib/use-live.ts';
import { Link } from '../link.tsx';

const EMPTY: Required<PartsFilters> = {
  regionId: '',
  city: '',
  partcategory: '',
  carmake: '',
  carmodel: '',
  caryear: '',
  condition: '',
  prodName: '',
};
const DEFAULT_YEARS = yearOptions();

/**
 * The parts filter set as a GET form: the URL holds the state, so it works with
 * JavaScript off (the loader fills the dependent selects for the values in the URL). Once live,
 * choosing a make loads its models, a model its years, a state its cities; the set is inactive
 * until a value is picked, the search button runs it, and the reset button clears it all.
 */
/**
 * On a phone the filters are a sheet shown while the address ends in #filters (CSS :target).
 * A client navigation does not update :target, so the sheet is closed first, by going to the
 * results' own fragment as the Close link does.
 */
function closeSheet() {
  if (window.location.hash === '#filters') window.location.hash = 'results-heading';
}

export function FilterPanel({
  action,
  applied,
  options,
  hideCategory = false,
}: {
  action: string;
  applied: PartsFilters;
  options: FilterOptions;
  hideCategory?: boolean;
}) {
  const navigate = useNavigate();
  const [v, setV] = useState<Required<PartsFilters>>({ ...EMPTY, ...applied });
  const [cities, setCities] = useState<Option<number>[]>(options.cities);
  const [models, setModels] = useState<Option<number>[]>(options.models);
  const [years, setYears] = useState<Option<number>[]>(
    options.years.length ? options.years : DEFAULT_YEARS,
  );
  const live = useLive();

  const picked = hasFilters(v);
  const isApplied = hasFilters(applied);
  const dirty = PARTS_FILTERS.some((k) => (v[k] ?? '') !== (applied[k] ?? ''));
  const set = (patch: PartsFilters) => setV((cur) => ({ ...cur, ...patch }));

  const chooseState = async (regionId: string) => {
    set({ regionId, city: '' });
    setCities([]);
    if (regionId) setCities(await browserApi.lookup(`/api/database/cities/${regionId}`));
  };
  const chooseMake = async (carmake: string) => {
    set({ carmake, carmodel: '', caryear: '' });
    setModels([]);
    setYears(DEFAULT_YEARS);
    if (carmake) setModels(await browserApi.lookup(`/api/database/cars/model/${carmake}`));
  };
  const chooseModel = async (carmodel: string) => {
    set({ carmodel });
    if (!carmodel) return setYears(DEFAULT_YEARS);
    const ys = await browserApi.lookup(`/api/database/cars/year/${carmodel}`);
    const list = ys.length ? ys : DEFAULT_YEARS;
    setYears(list);
    setV((cur) =>
      cur.caryear && !list.some((y) => String(y.value) === cur.caryear)
        ? { ...cur, caryear: '' }
        : cur,
    );
  };

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    closeSheet();
    // A state cleared is 'all Nigeria' (regionId=), where no state at all is the visitor's own.
    const widened = !v.regionId && Boolean(applied.regionId);
    if (!picked && !widened) return;
    const q = toQuery({ active: 'true', ...v, prodName: v.prodName.trim() });
    navigate(`${action}${q}${v.regionId ? '' : `${q ? '&' : '?'}regionId=`}`);
  };
  const reset = () => {
    setV(EMPTY);
    setCities([]);
    setModels([]);
    setYears(DEFAULT_YEARS);
    closeSheet();
    if (isApplied) navigate(action);
  };

  return (
    <Form
      method="get"
      action={action}
      onSubmit={onSubmit}
      aria-label="Filter parts"
      className="card p-3 sm:p-4"
    >
      <h2 className="mb-2 text-base font-bold">Find the part that fits</h2>
      <input type="hidden" name="active" value="true" />
      <div className="grid grid-cols-2 gap-x-3 gap-y-2 md:grid-cols-4">
        <SelectField
          id="f-make"
          name="carmake"
          label="Make"
          placeholder="Any make"
          value={v.carmake}
          options={options.makes}
          onChange={chooseMake}
        />
        <SelectField
          id="f-model"
          name="carmodel"
          label="Model"
          placeholder="Any model"
          value={v.carmodel}
          options={models}
          onChange={chooseModel}
          disabled={!v.carmake}
          hint={
            !v.carmake
              ? 'Choose a make first'
              : !live && !models.length
                ? 'Press Search to load models'
                : undefined
          }
        />
        <SelectField
          id="f-year"
          name="caryear"
          label="Year"
          placeholder="Any year"
          value={v.caryear}
          options={years}
          onChange={(caryear) => set({ caryear })}
        />
        <SelectField
          id="f-condition"
          name="condition"
          label="Condition"
          placeholder="New or used"
          value={v.condition}
          options={CONDITION_OPTIONS}
          onChange={(condition) => set({ condition })}
        />
        <SelectField
          id="f-state"
          name="regionId"
          label="State"
          placeholder="Any state"
          value={v.regionId}
          options={options.states}
          onChange={chooseState}
        />
        <SelectField
          id="f-city"
          name="city"
          label="City"
          placeholder="Any city"
          value={v.city}
          options={cities}
          onChange={(city) => set({ city })}
          disabled={!v.regionId}
          hint={!v.regionId ? 'Choose a state first' : undefined}
        />
        {!hideCategory && (
          <SelectField
            id="f-category"
            name="partcategory"
            label="Category"
            placeholder="Any category"
            value={v.partcategory}
            options={options.categories}
            onChange={(partcategory) => set({ partcategory })}
          />
        )}
        <div className={hideCategory ? 'col-span-2' : ''}>
          {/* Written out, not Field: the parts list loads select-field.tsx only. */}
          <label htmlFor="f-name" className="label">
            Part name
          </label>
          <input
            id="f-name"
            name="prodName"
            type="text"
            value={v.prodName}
            onChange={(e) => set({ prodName: e.target.value })}
            maxLength={100}
            placeholder="e.g. brake pads"
            className="input"
            autoComplete="off"
          />
        </div>
      </div>
      <div className="mt-3 flex gap-2">
        <button
          type="submit"
          className="btn-primary flex-1 sm:flex-none sm:px-8"
          disabled={live && !picked}
          aria-disabled={live && !picked ? true : undefined}
        >
          <SearchIcon size={18} />
          Search
        </button>
        {(isApplied || (live && picked)) &&
          (live ? (
            <button
              type="button"
              onClick={reset}
              className="btn-ghost"
              aria-label="Reset filters"
              title="Reset filters"
            >
              <ResetIcon size={20} />
              <span className="hidden sm:inline">Reset</span>
            </button>
          ) : (
            <Link to={action} className="btn-ghost" aria-label="Reset filters">
              <ResetIcon size={20} />
              <span className="hidden sm:inline">Reset</span>
            </Link>
          ))}
        {live && dirty && isApplied && (
          <span className="sr-only" aria-live="polite">
            Filters changed: press Search to apply them.
          </span>
        )}
      </div>
    </Form>
  );
}
