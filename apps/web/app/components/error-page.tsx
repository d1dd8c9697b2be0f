import { Link } from './link.tsx';

/** A padlock: the page exists but is not for this account (401, 403). */
function Padlock({ code }: { code: number }) {
  return (
    <svg
      viewBox="0 0 240 120"
      width="240"
      height="120"
      role="img"
      aria-label={`${code}: a locked door`}
      className="mx-auto"
      data-testid="error-picture"
    >
      <rect
        x="90"
        y="52"
        width="60"
        height="50"
        rx="6"
        fill="#d2efdf"
        stroke="#374151"
        strokeWidth="4"
      />
      <path d="M102 52V38a18 18 0 0 1 36 0v14" stroke="#374151" strokeWidth="4" fill="none" />
      <circle cx="120" cy="74" r="6" fill="#0b6538" />
      <path d="M120 78v12" stroke="#0b6538" strokeWidth="4" />
    </svg>
  );
}

/** A broken-down car with the page's own code: 404, or 500 and the like. */
function BrokenCar({ code }: { code: number }) {
  return (
    <svg
      viewBox="0 0 240 120"
      width="240"
      height="120"
      role="img"
      aria-label={`${code}: a broken-down car`}
      className="mx-auto"
      data-testid="error-picture"
    >
      <text x="120" y="40" textAnchor="middle" fontSize="40" fontWeight="800" fill="#0b6538">
        {code}
      </text>
      <path d="M40 95h160M60 95l10-25h70l20 25" stroke="#374151" strokeWidth="4" fill="#d2efdf" />
      <circle cx="80" cy="98" r="10" fill="#374151" />
      <circle cx="160" cy="98" r="10" fill="#374151" />
      <path d="M175 60c5-8 15-8 20 0" stroke="#f59e0b" strokeWidth="4" fill="none" />
    </svg>
  );
}

/**
 * The error page: a picture that matches the code (a padlock for 401 and 403, never a "404"
 * on a page that exists), the code, status message, message and 'Go Back' to /.
 */
export function ErrorPage({
  code,
  statusText,
  message,
}: {
  code: number;
  statusText: string;
  message: string;
}) {
  return (
    <main id="main" className="container-page py-12 text-center">
      <title>{`${code} ${statusText} | SpareFinder NG`}</title>
      {code === 401 || code === 403 ? <Padlock code={code} /> : <BrokenCar code={code} />}
      <h1 className="mt-4 text-5xl font-extrabold text-brand-800">{code}</h1>
      <p className="mt-1 text-xl font-semibold text-gray-800">{statusText}</p>
      <p className="mx-auto mt-3 max-w-md break-words text-gray-700">{message}</p>
      <Link to="/" className="btn-primary mt-6">
        Go Back
      </Link>
    </main>
  );
}
