import { yearRange, type Fitment } from '../../lib/catalog.ts';

/** The makes, models and years a part fits. */
export function FitmentTable({ fitment }: { fitment: Fitment[] }) {
  return (
    <section aria-labelledby="fits-heading" className="card p-4">
      <h2 id="fits-heading" className="mb-2 text-lg font-bold">
        Fits these cars
      </h2>
      {fitment.length === 0 ? (
        <p className="text-sm text-gray-700">
          The seller has not listed the cars this part fits. Ask them before you buy.
        </p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Cars this part fits</caption>
            <thead className="border-b border-gray-200 text-gray-700">
              <tr>
                <th scope="col" className="py-2 pr-3 font-semibold">
                  Make
                </th>
                <th scope="col" className="py-2 pr-3 font-semibold">
                  Model
                </th>
                <th scope="col" className="py-2 font-semibold">
                  Years
                </th>
              </tr>
            </thead>
            <tbody>
              {fitment.map((f, i) => (
                <tr key={i} className="border-b border-gray-100 last:border-0">
                  <td className="py-2 pr-3">{f.make}</td>
                  <td className="py-2 pr-3">{f.model || 'All models'}</td>
                  <td className="py-2">{yearRange(f)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
