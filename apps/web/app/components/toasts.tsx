import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { TOAST_DURATION_MS } from '@sf/shared/constants';
import { AlertIcon, CheckIcon, CloseIcon, InfoIcon } from './icons.tsx';

export type ToastType = 'success' | 'warning' | 'error' | 'info';
interface Toast {
  id: number;
  type: ToastType;
  message: string;
  duration: number;
}
/** Shows a toast; returns its id, for useDismissToast. */
type Notify = (type: ToastType, message: string, duration?: number) => number;

const Ctx = createContext<Notify>(() => 0);
const DismissCtx = createContext<(id: number) => void>(() => {});
export const useToast = () => useContext(Ctx);
/** Takes a toast away before its time: one whose message no longer holds. */
export const useDismissToast = () => useContext(DismissCtx);

const STYLE: Record<ToastType, string> = {
  success: 'border-brand-600 bg-brand-50 text-brand-900',
  warning: 'border-accent-500 bg-amber-50 text-amber-900',
  error: 'border-red-600 bg-red-50 text-red-900',
  info: 'border-sky-600 bg-sky-50 text-sky-900',
};

function ToastView({ t, onDone }: { t: Toast; onDone: (id: number) => void }) {
  useEffect(() => {
    const timer = setTimeout(() => onDone(t.id), t.duration);
    return () => clearTimeout(timer);
  }, [t, onDone]);
  const Icon = t.type === 'success' ? CheckIcon : t.type === 'info' ? InfoIcon : AlertIcon;
  return (
    <div
      role={t.type === 'error' ? 'alert' : 'status'}
      data-toast={t.type}
      className={`pointer-events-auto flex items-start gap-3 rounded-[var(--radius-card)] border-l-4 p-3 shadow-[var(--shadow-card)] ${STYLE[t.type]}`}
    >
      <Icon size={20} className="mt-0.5 shrink-0" />
      <p className="flex-1 text-sm font-medium">{t.message}</p>
      <button type="button" onClick={() => onDone(t.id)} className="-m-2 p-2" aria-label="Dismiss">
        <CloseIcon size={18} />
      </button>
    </div>
  );
}

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const next = useRef(1);
  const notify = useCallback<Notify>((type, message, duration = TOAST_DURATION_MS) => {
    const id = next.current++;
    setToasts((ts) => [...ts.slice(-3), { id, type, message, duration }]);
    return id;
  }, []);
  const done = useCallback((id: number) => setToasts((ts) => ts.filter((t) => t.id !== id)), []);
  const value = useMemo(() => notify, [notify]);
  return (
    <Ctx.Provider value={value}>
      <DismissCtx.Provider value={done}>{children}</DismissCtx.Provider>
      <div
        aria-live="polite"
        className="pointer-events-none fixed inset-x-0 top-2 z-[60] mx-auto flex max-w-md flex-col gap-2 px-3"
      >
        {toasts.map((t) => (
          <ToastView key={t.id} t={t} onDone={done} />
        ))}
      </div>
    </Ctx.Provider>
  );
}
