import { createElement } from 'react';
import { parseRichText, type Inline } from '@sf/shared';

function Inlines({ parts }: { parts: Inline[] }) {
  return (
    <>
      {parts.map((p, i) =>
        p.bold ? (
          <strong key={i} className="font-semibold text-gray-900">
            {p.text}
          </strong>
        ) : (
          p.text
        ),
      )}
    </>
  );
}

/**
 * Renders the restricted Markdown of posts and help pages (paragraphs, '## ' subheadings,
 * '- ' bullets, **bold**) as React elements. Text is always text: nothing is ever parsed as HTML.
 */
export function RichText({
  source,
  headingLevel = 2,
  className = '',
}: {
  source: string;
  headingLevel?: 2 | 3 | 4;
  className?: string;
}) {
  const blocks = parseRichText(source);
  return (
    <div className={`space-y-4 leading-relaxed text-gray-800 ${className}`}>
      {blocks.map((b, i) => {
        if (b.type === 'heading')
          return createElement(
            `h${headingLevel}`,
            { key: i, className: 'pt-3 text-xl font-bold leading-snug text-gray-900' },
            <Inlines parts={b.inlines} />,
          );
        if (b.type === 'list') {
          return (
            <ul key={i} className="list-disc space-y-2 pl-6 marker:text-brand-700">
              {b.items.map((item, j) => (
                <li key={j}>
                  <Inlines parts={item} />
                </li>
              ))}
            </ul>
          );
        }
        return (
          <p key={i}>
            <Inlines parts={b.inlines} />
          </p>
        );
      })}
    </div>
  );
}
