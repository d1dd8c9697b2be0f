import { EXAMPLE_PROVIDERS, KINDS, type ProviderKind } from '../../lib/providers.ts';
import { InfoIcon } from '../icons.tsx';

/** Placeholders for when no provider is listed: clearly examples, no numbers, no links. */
export function ExampleProviders({ kind }: { kind: ProviderKind }) {
  return (
    <div>
      <p className="mb-2 flex items-center gap-2 text-sm text-gray-700">
        <InfoIcon size={16} /> No {KINDS[kind].title.toLowerCase()} are listed here yet. These are
        examples of how a listing looks:
      </p>
      <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {EXAMPLE_PROVIDERS[kind].map((e) => (
          <li
            key={e.name}
            className="card border-2 border-dashed border-gray-300 p-3 opacity-90"
            aria-label={`Example listing: ${e.name}`}
          >
            <span className="inline-block rounded bg-accent-400 px-2 py-0.5 text-xs font-bold uppercase text-gray-900">
              Example listing
            </span>
            <p className="mt-2 font-semibold">{e.name}</p>
            <p className="text-sm text-gray-700">{e.city}</p>
            <p className="mt-1 text-xs text-gray-700">{e.tags.join(' · ')}</p>
            <p className="mt-2 text-xs italic text-gray-600">Not a real business.</p>
          </li>
        ))}
      </ul>
    </div>
  );
}
