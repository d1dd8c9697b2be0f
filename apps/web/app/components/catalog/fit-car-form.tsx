import { Form, useLocation } from 'react-router';
import type { FitAnswer } from '../../lib/fit.ts';

/**
 * Which of my cars the cards are checked against, and 'Only parts that fit': a GET form, so it
 * works before JavaScript loads. The page's other filters ride along as hidden fields.
 */
export function FitCarForm({
  fit,
  action,
  listFilter = true,
}: {
  fit: { car: FitAnswer['car']; cars: FitAnswer['cars']; fitsOnly: boolean };
  action: string;
  /** Offer 'Only parts that fit' (lists); a single product or checkout only picks the car. */
  listFilter?: boolean;
}) {
  const { search } = useLocation();
  const keep = [...new URLSearchParams(search)].filter(
    ([k]) => k !== 'car' && k !== 'fits' && k !== 'lastId',
  );
  if (!fit.car) return null;
  return (
    <Form
      method="get"
      action={action}
      className="card flex flex-wrap items-end gap-3 p-3"
      data-testid="fit-car-form"
    >
      {keep.map(([k, v]) => (
        <input key={k} type="hidden" name={k} value={v} />
      ))}
      <div className="min-w-0 flex-1 basis-48">
        {/* Written out, not Field: the parts list loads select-field.tsx only. */}
        <label htmlFor="fit-car" className="label">
          Check parts against
        </label>
        <select id="fit-car" name="car" className="input" defaultValue={fit.car.id}>
          {fit.cars.map((c) => (
            <option key={c.id} value={c.id}>
              {c.label}
            </option>
          ))}
        </select>
      </div>
      {listFilter && (
        <label className="flex min-h-11 items-center gap-2 text-sm font-medium">
          <input
            type="checkbox"
            name="fits"
            value="1"
            defaultChecked={fit.fitsOnly}
            className="size-5 accent-brand-700"
          />
          Only parts that fit
        </label>
      )}
      <button type="submit" className="btn-primary">
        {listFilter ? 'Apply' : 'Check'}
      </button>
    </Form>
  );
}
