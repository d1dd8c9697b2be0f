import { memo } from 'react';
import { INCOMING_PATH, requestHref, type RequestKind } from '../../lib/requests.ts';
import { PartIcon, TruckIcon, WrenchIcon } from '../icons.tsx';
import { Link } from '../link.tsx';

/** What a broadcast asks, and who answers it, per kind. */
export const REQUEST_PROMPT: Record<
  RequestKind,
  { button: string; ask: string; who: string; Icon: typeof PartIcon }
> = {
  part: {
    button: 'Request a part',
    ask: 'Cannot find the part?',
    who: 'stores near you',
    Icon: PartIcon,
  },
  mechanic: {
    button: 'Request a mechanic',
    ask: 'Need a job done?',
    who: 'workshops near you',
    Icon: WrenchIcon,
  },
  tow: {
    button: 'Request a tow',
    ask: 'Stuck on the road?',
    who: 'tow vans near you',
    Icon: TruckIcon,
  },
};

/**
 * The way into a broadcast request where a visitor looks for something: list pages, their empty
 * states, the home page and the help pages. A plain link, so it works before JavaScript loads;
 * a guest is met by the login page's broadcast message and comes back to the form.
 */
export function RequestPrompt({
  kind,
  lead,
  className = '',
}: {
  kind: RequestKind;
  /** The question that opens the line; the kind's own by default. */
  lead?: string;
  className?: string;
}) {
  const k = REQUEST_PROMPT[kind];
  return (
    <div
      className={`card flex flex-wrap items-center gap-3 border border-brand-100 bg-brand-50 p-3 ${className}`}
      data-testid={`request-prompt-${kind}`}
    >
      <p className="min-w-0 flex-1 basis-52 text-sm text-gray-800">
        <strong className="font-semibold text-gray-900">{lead ?? k.ask}</strong> Broadcast a
        request: {k.who} answer with offers, you compare and choose.
      </p>
      <Link to={requestHref(kind)} className="btn-primary min-h-11 shrink-0">
        <k.Icon size={18} />
        {k.button}
      </Link>
    </div>
  );
}

/**
 * The three kinds side by side, for the home page.
 * Memoised: the router renders a page again once it learns its links' routes (decision 0039).
 */
export const RequestChoices = memo(function RequestChoices() {
  return (
    <section aria-labelledby="request-choices" className="container-page py-6">
      <h2 id="request-choices" className="text-lg font-bold">
        Tell them what you need, let them come to you
      </h2>
      <p className="mt-1 text-sm text-gray-700">
        Broadcast one request: the matching stores, workshops or tow vans near you answer with a
        price. Free, and open for 72 hours.
      </p>
      <ul className="mt-3 grid gap-2 sm:grid-cols-3">
        {(['part', 'mechanic', 'tow'] as const).map((kind) => {
          const k = REQUEST_PROMPT[kind];
          return (
            <li key={kind}>
              <Link
                to={requestHref(kind)}
                className="card flex min-h-14 items-center gap-3 p-3 font-semibold text-brand-800 hover:bg-brand-50"
              >
                <k.Icon size={22} />
                <span>
                  {k.button}
                  <span className="block text-xs font-normal text-gray-700">
                    {k.ask} Offers from {k.who}.
                  </span>
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
    </section>
  );
});

/** Help text that describes broadcasting ends with the way to do it, so it is never only words. */
export const mentionsBroadcast = (text: string) => /\bbroadcast/i.test(text);

/**
 * The three kinds as a row of buttons, under a help page's section about broadcasting; a section
 * written for businesses (it speaks of their incoming requests) links to those instead.
 */
export function RequestLinks({ text, className = '' }: { text: string; className?: string }) {
  if (/incoming requests/i.test(text))
    return (
      <p className={className} data-testid="request-links">
        <Link to={INCOMING_PATH} className="btn-ghost text-sm">
          See the requests near you
        </Link>
      </p>
    );
  return (
    <p className={`flex flex-wrap gap-2 ${className}`} data-testid="request-links">
      {(['part', 'mechanic', 'tow'] as const).map((kind) => {
        const k = REQUEST_PROMPT[kind];
        return (
          <Link key={kind} to={requestHref(kind)} className="btn-ghost text-sm">
            <k.Icon size={16} />
            {k.button}
          </Link>
        );
      })}
    </p>
  );
}
