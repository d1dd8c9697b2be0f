import { useState } from 'react';
import { YEAR_FROM, maxModelYear, type Option } from '@sf/shared';
import { browserApi } from '../../lib/api.ts';
import { EMPTY_FITMENT, type FitmentDraft } from '../../lib/seller.ts';
import { Field, SelectBoxField } from '../form-field.tsx';
import { useLive } from '../../lib/use-live.ts';

/**
 * The cars a part fits: rows of make, model (or every model) and a year range, sent as the
 * repeated fields fit_make, fit_model, fit_from, fit_to. Without JavaScript the form's own
 * buttons add a row and load the models of the chosen makes (the page comes back with them,
 * nothing saved), and a row is removed by ticking it; with JavaScript the same buttons work in
 * place and choosing a make loads its models.
 */
export function FitmentEditor({
  rows: initial,
  makes,
  models: initialModels,
  errors,
}: {
  rows: FitmentDraft[];
  makes: Option<number>[];
  models: Record<string, Option<number>[]>;
  errors: Record<string, string>;
}) {
  const [rows, setRows] = useState(initial);
  const [models, setModels] = useState(initialModels);
  const live = useLive();
  const top = maxModelYear();

  const set = (i: number, patch: Partial<FitmentDraft>) =>
    setRows((cur) => cur.map((r, k) => (k === i ? { ...r, ...patch } : r)));
  const chooseMake = async (i: number, makeId: string) => {
    set(i, { makeId, modelId: '' });
    if (makeId && !models[makeId]) {
      const list = await browserApi.lookup<Option<number>>(`/api/database/cars/model/${makeId}`);
      setModels((cur) => ({ ...cur, [makeId]: list }));
    }
  };

  return (
    <fieldset className="space-y-3" aria-describedby="fit-hint">
      <legend className="text-lg font-bold">Cars it fits</legend>
      <p id="fit-hint" className="text-sm text-gray-700">
        One row per car: the make, the model (or every model of the make) and the years. Buyers
        filtering by their car find the part.
      </p>
      {rows.length === 0 && <p className="text-sm text-gray-700">No car yet.</p>}
      <ol className="space-y-3">
        {rows.map((r, i) => {
          const err = errors[`fitments.${i}`];
          const id = (k: string) => `fit-${i}-${k}`;
          const options = r.makeId ? models[r.makeId] : undefined;
          return (
            <li
              // Rows have no id of their own: position is who they are.
              key={i}
              className={`rounded-[var(--radius-card)] border p-3 ${err ? 'border-red-600' : 'border-gray-200'}`}
              data-testid="fitment-row"
            >
              <p className="mb-2 text-sm font-semibold">Car {i + 1}</p>
              <div className="grid gap-2 sm:grid-cols-2 lg:grid-cols-4">
                <SelectBoxField
                  id={id('make')}
                  label="Make"
                  name="fit_make"
                  value={r.makeId}
                  onChange={(e) => void chooseMake(i, e.target.value)}
                >
                  <option value="">Choose the make</option>
                  {makes.map((m) => (
                    <option key={m.value} value={m.value}>
                      {m.label}
                    </option>
                  ))}
                </SelectBoxField>
                <SelectBoxField
                  id={id('model')}
                  label="Model"
                  name="fit_model"
                  value={r.modelId}
                  onChange={(e) => set(i, { modelId: e.target.value })}
                >
                  <option value="">
                    {r.makeId && !options ? 'Every model (load models to choose)' : 'Every model'}
                  </option>
                  {options?.map((m) => (
                    <option key={m.value} value={m.value}>
                      {m.label}
                    </option>
                  ))}
                </SelectBoxField>
                <Field
                  name="fit_from"
                  id={id('from')}
                  label="From year"
                  inputMode="numeric"
                  maxLength={4}
                  placeholder={String(YEAR_FROM)}
                  value={r.yearFrom}
                  onChange={(e) => set(i, { yearFrom: e.target.value })}
                />
                <Field
                  name="fit_to"
                  id={id('to')}
                  label="To year"
                  inputMode="numeric"
                  maxLength={4}
                  placeholder={String(top)}
                  value={r.yearTo}
                  onChange={(e) => set(i, { yearTo: e.target.value })}
                />
              </div>
              {err && <p className="mt-2 text-sm font-medium text-red-700">{err}</p>}
              {live ? (
                <button
                  type="button"
                  className="btn-ghost mt-2 text-sm"
                  onClick={() => setRows((cur) => cur.filter((_, k) => k !== i))}
                >
                  Remove car {i + 1}
                </button>
              ) : (
                <label className="mt-2 inline-flex min-h-11 items-center gap-2 text-sm">
                  <input type="checkbox" name="fit_remove" value={i} className="h-5 w-5" />
                  Remove car {i + 1} when saving
                </label>
              )}
            </li>
          );
        })}
      </ol>
      <div className="flex flex-wrap gap-2">
        <button
          type={live ? 'button' : 'submit'}
          name={live ? undefined : 'intent'}
          value={live ? undefined : 'addrow'}
          formNoValidate
          className="btn-ghost"
          onClick={live ? () => setRows((cur) => [...cur, { ...EMPTY_FITMENT }]) : undefined}
        >
          Add another car
        </button>
        {!live && (
          <button type="submit" name="intent" value="models" formNoValidate className="btn-ghost">
            Load the models of the chosen makes
          </button>
        )}
      </div>
    </fieldset>
  );
}
