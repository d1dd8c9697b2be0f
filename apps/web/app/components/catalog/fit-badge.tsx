import type { FitItem } from '../../lib/fit.ts';

const TONE: Record<FitItem['verdict'], string> = {
  fits: 'bg-green-100 text-green-900',
  no: 'bg-red-100 text-red-900',
  unknown: 'bg-gray-100 text-gray-800',
};

/** 'Fits your 2010 Toyota Corolla' / 'Does not fit your 2010 Corolla: made for the 2014–2018 Corolla' / 'No fitment data: ask the seller'. */
export function MyFitBadge({ fit, large = false }: { fit?: FitItem | null; large?: boolean }) {
  if (!fit) return null;
  return (
    <span
      className={`inline-block rounded-lg px-2 py-0.5 font-semibold ${large ? 'text-sm' : 'text-xs'} ${TONE[fit.verdict]}`}
      data-testid="my-fit"
      data-verdict={fit.verdict}
    >
      {fit.text}
    </span>
  );
}
