import { useEffect, useState, type ReactNode } from 'react';
import { useFetcher, useLocation } from 'react-router';
import { ALERTS_PAGE, type AlertSaved } from '../../lib/alerts.ts';
import { BellIcon, CheckIcon } from '../icons.tsx';
import { Link } from '../link.tsx';

/**
 * A form that saves an alert through the alerts page's action. Before JavaScript it is a plain
 * POST (a guest goes to log in and comes back here; a saved alert opens the alerts page); with
 * it, a fetcher answers in place, so the buyer stays on the list or the part.
 */
export function AlertForm({
  intent,
  fields,
  label,
  children,
  testId,
}: {
  intent: 'search' | 'price';
  fields: Record<string, string | undefined>;
  label: string;
  children?: ReactNode;
  testId: string;
}) {
  const fetcher = useFetcher<AlertSaved>();
  const { pathname, search } = useLocation();
  // Only once hydrated: the fetcher then sends stay=1 and the answer comes back here.
  const [js, setJs] = useState(false);
  useEffect(() => setJs(true), []);
  const answer = fetcher.state === 'idle' ? fetcher.data : undefined;
  const busy = fetcher.state !== 'idle';
  return (
    <div>
      <fetcher.Form method="post" action={ALERTS_PAGE} data-testid={testId}>
        <input type="hidden" name="intent" value={intent} />
        <input type="hidden" name="back" value={pathname + search} />
        {js && <input type="hidden" name="stay" value="1" />}
        {Object.entries(fields).map(([k, v]) =>
          v ? <input key={k} type="hidden" name={k} value={v} /> : null,
        )}
        {children}
        <button type="submit" className="btn-ghost w-full text-sm sm:w-auto" disabled={busy}>
          <BellIcon size={18} />
          {busy ? 'Saving…' : label}
        </button>
      </fetcher.Form>
      <div aria-live="polite">
        {answer && (
          <p
            className={`mt-2 flex items-start gap-2 rounded-[var(--radius-card)] border-l-4 px-3 py-2 text-sm font-medium ${answer.ok ? 'border-brand-600 bg-brand-50 text-brand-900' : 'border-red-600 bg-red-50 text-red-900'}`}
            data-testid={`${testId}-answer`}
          >
            {answer.ok && <CheckIcon size={18} className="mt-0.5 shrink-0" />}
            <span>
              {answer.message}.{' '}
              <Link to={ALERTS_PAGE} className="whitespace-nowrap underline">
                Saved searches &amp; alerts
              </Link>
            </span>
          </p>
        )}
      </div>
    </div>
  );
}
