/**
 * A small line chart of daily values, drawn as inline SVG on the server: no chart library and
 * no JavaScript. It is decoration: the same numbers are in the table below it, so screen
 * readers skip it.
 */
export function Sparkline({ values, className = '' }: { values: number[]; className?: string }) {
  const w = 120;
  const h = 32;
  const max = Math.max(...values, 1);
  const step = values.length > 1 ? w / (values.length - 1) : w;
  const points = values.map((v, i) => [i * step, h - 2 - (v / max) * (h - 4)] as const);
  const line = points.map(([x, y]) => `${x.toFixed(1)},${y.toFixed(1)}`).join(' ');
  const area = `0,${h} ${line} ${w},${h}`;
  return (
    <svg
      viewBox={`0 0 ${w} ${h}`}
      preserveAspectRatio="none"
      aria-hidden="true"
      focusable="false"
      className={`h-8 w-full ${className}`}
    >
      <polygon points={area} fill="currentColor" opacity="0.12" />
      <polyline
        points={line}
        fill="none"
        stroke="currentColor"
        strokeWidth="1.5"
        strokeLinejoin="round"
        vectorEffect="non-scaling-stroke"
      />
    </svg>
  );
}
