import { Form } from 'react-router';
import type { AdminCategory } from '@sf/api/types';
import { plural } from '@sf/shared';
import { Field } from '../form-field.tsx';
import { Link } from '../link.tsx';

/** Top categories, each opening to its sub-categories (closed ones stay out of the way). */
export function CategoryTree({
  items,
  onlyTop = false,
}: {
  items: AdminCategory[];
  onlyTop?: boolean;
}) {
  const tops = items.filter((c) => c.parentId === 0);
  return (
    <ul className="card divide-y divide-gray-100">
      {tops.map((t) => {
        const kids = items.filter((c) => c.parentId === t.id);
        return (
          <li key={t.id} className="p-3">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <Link to={`/admin/categories/${t.id}`} className="font-semibold underline">
                {t.name}
              </Link>
              <span className="text-sm text-gray-600">
                {plural(t.children, 'sub-category', 'sub-categories')} ·{' '}
                {plural(t.products, 'product')} · order {t.position}
              </span>
            </div>
            {!onlyTop && kids.length > 0 && (
              <details className="mt-1">
                <summary className="cursor-pointer text-sm text-brand-700">
                  Show {plural(kids.length, 'sub-category', 'sub-categories')}
                </summary>
                <ul className="mt-2 grid gap-1 sm:grid-cols-2">
                  {kids.map((k) => (
                    <li key={k.id} className="flex justify-between gap-2 text-sm">
                      <Link to={`/admin/categories/${k.id}`} className="underline">
                        {k.name}
                      </Link>
                      <span className="text-gray-600">{k.products}</span>
                    </li>
                  ))}
                </ul>
              </details>
            )}
          </li>
        );
      })}
    </ul>
  );
}

/** Adds a category: under `parentId` (0: a top category). */
export function AddCategory({
  parentId,
  title,
  action,
}: {
  parentId: number;
  title: string;
  action?: string;
}) {
  return (
    <Form
      method="post"
      action={action}
      className="card grid gap-3 p-4 sm:grid-cols-[1fr_auto] sm:items-end"
    >
      <input type="hidden" name="intent" value="add" />
      <input type="hidden" name="parentId" value={parentId} />
      <Field
        id={`new-category-${parentId}`}
        label={title}
        name="name"
        required
        minLength={2}
        maxLength={60}
      />
      <button type="submit" className="btn-primary">
        Add
      </button>
    </Form>
  );
}
