import type { AttentionAnswer, AuditItem } from '@sf/api/types';
import { serverApi, throwUnlessOk } from './api.server.ts';

export type AttentionItem = AttentionAnswer['items'][number];

/** Staff actions, newest first, filtered by the query string the page was given. */
export async function loadAudit(context: unknown, params: URLSearchParams) {
  const ans = await serverApi(context).get<AuditItem>(`/api/admin/audit?${params}`);
  throwUnlessOk(ans, { what: 'Audit log' });
  return { items: ans.items ?? [], lastId: (ans.lastId as number | null) ?? null };
}

/** The trail of one record, for its admin page (`<AuditTrail>`). */
export async function loadAuditTrail(
  context: unknown,
  targetType: string,
  targetId: string | number,
) {
  const params = new URLSearchParams({ targetType, targetId: String(targetId) });
  return (await loadAudit(context, params)).items;
}

/** What waits for staff; a failure shows no counts rather than failing every admin page. */
export async function loadAttention(context: unknown): Promise<AttentionItem[]> {
  const ans = await serverApi(context).get<AttentionItem>('/api/admin/attention');
  return ans.status ? (ans.items ?? []) : [];
}
