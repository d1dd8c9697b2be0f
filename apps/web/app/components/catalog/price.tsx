import { CONDITION, CONDITION_LABELS, formatNaira, salePrice, type PriceData } from '@sf/shared';

/** The price in naira, the largest text on a card; a sale shows the original struck through. */
export function Price({ price, size = 'card' }: { price: PriceData; size?: 'card' | 'page' }) {
  const { current, original } = salePrice(price);
  const big = size === 'page' ? 'text-3xl' : 'text-lg';
  return (
    <p className="flex flex-wrap items-baseline gap-x-2" data-testid="price">
      <span className={`${big} font-extrabold text-brand-800`}>
        {original !== null && <span className="sr-only">Sale price </span>}
        {formatNaira(current)}
      </span>
      {original !== null && (
        <s className={`${size === 'page' ? 'text-base' : 'text-sm'} text-gray-600`}>
          <span className="sr-only">Was </span>
          {formatNaira(original)}
        </s>
      )}
    </p>
  );
}

export function ConditionBadge({ condition }: { condition?: number | null }) {
  if (condition !== CONDITION.New && condition !== CONDITION.Used) return null;
  return (
    <span
      className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-semibold ${condition === CONDITION.New ? 'bg-brand-50 text-brand-800' : 'bg-amber-100 text-amber-900'}`}
    >
      {CONDITION_LABELS[condition]}
    </span>
  );
}

/** How a listed part fits the car the buyer chose: its own part, or one for most cars. */
export function FitBadge({ fit }: { fit?: 'exact' | 'universal' | null }) {
  if (!fit) return null;
  return (
    <span
      className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-semibold ${fit === 'exact' ? 'bg-green-100 text-green-900' : 'bg-gray-100 text-gray-800'}`}
      data-testid="fit-badge"
    >
      {fit === 'exact' ? 'Fits your car' : 'Fits most cars'}
    </span>
  );
}
