import { badgeColour, initials } from '@sf/shared';
import type { RatedProvider } from '../../lib/providers.ts';
import { Thumb } from '../photo.tsx';

/**
 * A provider's logo in a list: the picture they uploaded, else their initials badge drawn here in
 * HTML, the same as the SVG the server draws at GET /images/sp/:id.svg. A list of 50 workshops
 * without logos then costs no request and no SVG document (each a parse, a layout of its text
 * and a paint on the phone's main thread).
 */
export function ProviderLogo({ p, eager }: { p: RatedProvider; eager: boolean }) {
  if (p.company_logo === `/images/sp/${p.sp_id}.svg`)
    return (
      <span
        aria-hidden
        data-testid="provider-badge"
        className="grid size-14 shrink-0 place-items-center rounded-full text-lg font-bold text-white ring-2 ring-inset ring-white/35"
        style={{ background: badgeColour(p.company_name) }}
      >
        {initials(p.company_name)}
      </span>
    );
  return (
    <Thumb
      src={p.company_logo}
      alt=""
      width={56}
      height={56}
      loading={eager ? 'eager' : 'lazy'}
      // A small logo, after what the first paint needs (see category-grid.tsx).
      fetchPriority="low"
      decoding="async"
      className="size-14 shrink-0 rounded-full bg-gray-100"
    />
  );
}
