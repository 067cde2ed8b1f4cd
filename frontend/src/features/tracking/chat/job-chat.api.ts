import type { JobMessageCreateInput, JobMessagesPage, JobMessageView } from '@tiredash/contracts';
import { baseApi } from '../../../shared/api/base-api';
import { unwrapOne, type Enveloped } from '../../../shared/api/unwrap';

/** How many messages a page of the chat holds (newest first on the wire, oldest first on screen). */
export const CHAT_PAGE_SIZE = 50;

export interface JobMessagesArgs {
  requestId: string;
  page: number;
}

/** Job chat (issue 13 item 4): GET/POST /api/service-requests/{id}/messages. */
export const jobChatApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    listJobMessages: build.query<JobMessagesPage, JobMessagesArgs>({
      query: ({ requestId, page }) => ({
        url: `/service-requests/${encodeURIComponent(requestId)}/messages`,
        params: { 'pagination[page]': page, 'pagination[pageSize]': CHAT_PAGE_SIZE },
      }),
      // The panel keeps the live conversation itself (socket and sent messages): always ask again on open.
      keepUnusedDataFor: 0,
    }),
    sendJobMessage: build.mutation<JobMessageView, { requestId: string } & JobMessageCreateInput>({
      query: ({ requestId, data }) => ({ url: `/service-requests/${encodeURIComponent(requestId)}/messages`, method: 'POST', body: { data } }),
      transformResponse: (raw: Enveloped<JobMessageView>) => unwrapOne(raw),
    }),
  }),
});

export const { useListJobMessagesQuery, useLazyListJobMessagesQuery, useSendJobMessageMutation } = jobChatApi;

/** The refusal reason of an API error (`details.reason`: MESSAGING_DISABLED, CHAT_CLOSED...), or null. */
export function errorReason(err: unknown): string | null {
  if (typeof err !== 'object' || err === null || !('data' in err)) return null;
  const data = (err as { data: unknown }).data as { error?: { details?: unknown } } | null;
  const details = data?.error?.details;
  if (typeof details !== 'object' || details === null || !('reason' in details)) return null;
  const reason = (details as { reason: unknown }).reason;
  return typeof reason === 'string' ? reason : null;
}

/** `incoming` merged into `list` (by id, each once), oldest first. */
export function mergeMessages(list: readonly JobMessageView[], incoming: readonly JobMessageView[]): JobMessageView[] {
  const byId = new Map(list.map((m) => [m.id, m]));
  for (const m of incoming) byId.set(m.id, m);
  return [...byId.values()].sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id));
}
