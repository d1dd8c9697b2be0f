import { lazy, Suspense, type ReactNode } from 'react';
import { useLocation, useRouteLoaderData } from 'react-router';
import type { AuthUser } from '@sf/api/types';
import { ALERTS_PAGE } from '../../lib/alerts.ts';
import { BellIcon } from '../icons.tsx';

// The in-place version (a fetcher) loads only for a signed-in user: a guest's parts list and
// product page keep their JavaScript budget (decision 0009), and a guest's press leads to the
// login page anyway.
const AlertForm = lazy(() => import('./alert-form.tsx').then((m) => ({ default: m.AlertForm })));

export interface AlertButtonProps {
  intent: 'search' | 'price';
  fields: Record<string, string | undefined>;
  label: string;
  testId: string;
  children?: ReactNode;
}

/** A save-an-alert button: a plain POST form, upgraded in place for a signed-in user. */
export function AlertButton(props: AlertButtonProps) {
  const root = useRouteLoaderData('root') as { user?: AuthUser } | undefined;
  const plain = <PlainAlertForm {...props} />;
  if (!root?.user?.isauthenticated) return plain;
  return (
    <Suspense fallback={plain}>
      <AlertForm {...props} />
    </Suspense>
  );
}

/** Works without JavaScript: the alerts page saves it (or sends a guest to log in) and links back. */
export function PlainAlertForm({ intent, fields, label, testId, children }: AlertButtonProps) {
  const { pathname, search } = useLocation();
  return (
    <form method="post" action={ALERTS_PAGE} data-testid={testId}>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="back" value={pathname + search} />
      {Object.entries(fields).map(([k, v]) =>
        v ? <input key={k} type="hidden" name={k} value={v} /> : null,
      )}
      {children}
      <button type="submit" className="btn-ghost w-full text-sm sm:w-auto">
        <BellIcon size={18} />
        {label}
      </button>
    </form>
  );
}
