import type { Category, Profile } from '@sf/api/types';
import { serverApi, throwUnlessOk } from './api.server.ts';
import { requireUser } from './auth.server.ts';

/** Every admin loader checks the role itself too: layout and page loaders run in parallel. */
export const requireAdmin = (request: Request, context: unknown) =>
  requireUser(request, context, ['Admin']);

export async function adminUsers(context: unknown, role?: string) {
  const ans = await serverApi(context).get<Profile>(
    `/api/admin/users${role ? `?role=${encodeURIComponent(role)}&pagesize=200` : ''}`,
  );
  throwUnlessOk(ans, { what: 'User list' });
  return {
    items: ans.items ?? [],
    counts: (ans.counts ?? {}) as Record<string, number>,
    total: Number(ans.total ?? 0),
  };
}

export async function categories(context: unknown, parentId: number) {
  const ans = await serverApi(context).get<Category>(`/api/categories/getByParentId/${parentId}`);
  throwUnlessOk(ans, { what: 'Category', invalidIsMissing: true });
  return ans.items ?? [];
}
