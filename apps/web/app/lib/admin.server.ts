import { data } from 'react-router';
import type { Category } from '@sf/shared';
import { callApi, requireUser } from './auth.server.ts';

export interface AdminUser {
  id: string;
  name: string;
  email: string;
  phone: string;
  role: string;
  businessName: string | null;
  createdAt: string;
}

/** Every admin loader checks the role itself too: layout and page loaders run in parallel. */
export const requireAdmin = (request: Request, context: unknown) =>
  requireUser(request, context, ['Admin']);

export async function adminUsers(context: unknown, role?: string) {
  const r = await callApi<{ items: AdminUser[]; counts: Record<string, number>; total: number }>(
    context,
    'GET',
    `/api/admin/users${role ? `?role=${encodeURIComponent(role)}&pagesize=200` : ''}`,
  );
  if (r.status !== 200)
    throw data({ message: r.body && (r.body as any).message }, { status: r.status });
  return r.body;
}

export async function categories(context: unknown, parentId: number) {
  const r = await callApi<{ items: Category[]; message?: string }>(
    context,
    'GET',
    `/api/categories/getByParentId/${parentId}`,
  );
  if (r.status !== 200)
    throw data({ message: r.body.message ?? 'Category not found' }, { status: r.status });
  return r.body.items;
}
