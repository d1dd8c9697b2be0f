import { Link } from 'react-router';
import type { Category } from '@sf/api/types';

export function UsersTable({
  users,
  business,
  caption,
}: {
  users: {
    id: string;
    name: string;
    email: string;
    phone: string;
    businessName: string | null;
    createdAt: string;
    role: string;
  }[];
  business: string;
  caption: string;
}) {
  if (users.length === 0)
    return <p className="card p-4 text-gray-700">No {caption.toLowerCase()} yet.</p>;
  return (
    <div className="card overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-gray-100 text-gray-700">
          <tr>
            <th scope="col" className="p-3">
              {business}
            </th>
            <th scope="col" className="p-3">
              Owner
            </th>
            <th scope="col" className="p-3">
              Role
            </th>
            <th scope="col" className="p-3">
              Contact
            </th>
            <th scope="col" className="p-3">
              Joined
            </th>
          </tr>
        </thead>
        <tbody>
          {users.map((u) => (
            <tr key={u.id} className="border-t border-gray-100">
              <td className="p-3 font-semibold">{u.businessName ?? '—'}</td>
              <td className="p-3">{u.name}</td>
              <td className="p-3">{u.role}</td>
              <td className="p-3">
                <a href={`mailto:${u.email}`} className="underline">
                  {u.email}
                </a>
                <br />
                {u.phone}
              </td>
              <td className="p-3 whitespace-nowrap">
                {new Date(u.createdAt).toLocaleDateString('en-NG', { timeZone: 'Africa/Lagos' })}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function CategoriesTable({ items, caption }: { items: Category[]; caption: string }) {
  if (items.length === 0)
    return <p className="card p-4 text-gray-700">This category has no sub-categories.</p>;
  return (
    <div className="card overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-gray-100 text-gray-700">
          <tr>
            <th scope="col" className="p-3">
              Category
            </th>
            <th scope="col" className="p-3">
              Id
            </th>
            <th scope="col" className="p-3">
              Sub-categories
            </th>
            <th scope="col" className="p-3">
              Path
            </th>
          </tr>
        </thead>
        <tbody>
          {items.map((c) => (
            <tr key={c.cat_id} className="border-t border-gray-100">
              <td className="p-3 font-semibold">
                <Link to={`/admin/products/cat/${c.cat_id}`} className="underline">
                  {c.name}
                </Link>
              </td>
              <td className="p-3">{c.cat_id}</td>
              <td className="p-3">{c.child_count}</td>
              <td className="p-3 text-gray-600">{c.path}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
