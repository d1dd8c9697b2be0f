import { Link } from 'react-router';

function BrokenCar() {
  return (
    <svg
      viewBox="0 0 240 120"
      width="240"
      height="120"
      role="img"
      aria-label="404: a broken-down car"
      className="mx-auto"
    >
      <text x="120" y="40" textAnchor="middle" fontSize="40" fontWeight="800" fill="#0b6538">
        404
      </text>
      <path d="M40 95h160M60 95l10-25h70l20 25" stroke="#374151" strokeWidth="4" fill="#d2efdf" />
      <circle cx="80" cy="98" r="10" fill="#374151" />
      <circle cx="160" cy="98" r="10" fill="#374151" />
      <path d="M175 60c5-8 15-8 20 0" stroke="#f59e0b" strokeWidth="4" fill="none" />
    </svg>
  );
}

/** The error page: the 404 image, code, status message, message and 'Go Back' to /. */
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
      <BrokenCar />
      <h1 className="mt-4 text-5xl font-extrabold text-brand-800">{code}</h1>
      <p className="mt-1 text-xl font-semibold text-gray-800">{statusText}</p>
      <p className="mx-auto mt-3 max-w-md break-words text-gray-700">{message}</p>
      <Link to="/" className="btn-primary mt-6">
        Go Back
      </Link>
    </main>
  );
}
