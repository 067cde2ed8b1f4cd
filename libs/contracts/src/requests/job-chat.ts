import { z } from 'zod';
import { actorSchema } from '../common/actor';
import { defineCommand, defineEvent, STREAMS } from '../common/messages';
import type { PageMeta } from '../common/query';
import { paginationSchema } from '../common/query';

/**
 * Job chat (issue 13 item 4), owned by the requests service: the customer and the accepted provider of a job write
 * to each other from Accepted until the job ends (Service Completed or Cancelled); afterwards both still read it.
 * Only while the admin's `messaging` setting is on (content's System Settings): off, the parties are refused
 * (403 FORBIDDEN `details.reason` MESSAGING_DISABLED) and the screens hide the chat. Admins read any job's chat,
 * whatever the setting (disputes), and never write in it.
 *
 * REST: `GET /api/service-requests/{id}/messages?pagination[page]=&pagination[pageSize]=` (newest first) and
 * `POST /api/service-requests/{id}/messages {data:{text, clientMessageId}}`; live: the `job_message` socket event to
 * both parties. A send is idempotent per (sender, clientMessageId): a retry answers the stored message, sends nothing.
 */
export const JOB_CHAT_LIMITS = {
  textMaxLength: 1000,
} as const;

export const JOB_CHAT_MESSAGES = {
  textRequired: 'Type a message before sending',
  textTooLong: `A message is at most ${JOB_CHAT_LIMITS.textMaxLength} characters`,
  clientMessageIdRequired: 'clientMessageId must be a UUID chosen by the client for this message',
  disabled: 'Messaging is turned off on this platform',
  notParty: "Only the job's customer and its provider may use its chat",
  notAccepted: 'The chat opens once a bid is accepted',
  ended: 'This job has ended: its chat is read-only',
  adminReadOnly: 'Admins read job chats but do not write in them',
  idReused: 'This clientMessageId was already used for another text',
} as const;

/** Refusal reasons in `details.reason`. */
export const JOB_CHAT_REFUSALS = ['MESSAGING_DISABLED', 'CHAT_NOT_OPEN', 'CHAT_CLOSED', 'CLIENT_MESSAGE_ID_REUSED'] as const;
export type JobChatRefusal = (typeof JOB_CHAT_REFUSALS)[number];

const uuid = z.string().uuid();
const withActor = <T extends z.ZodRawShape>(shape: T) => z.object({ actor: actorSchema, ...shape });

export const jobMessageTextSchema = z
  .string({ required_error: JOB_CHAT_MESSAGES.textRequired, invalid_type_error: JOB_CHAT_MESSAGES.textRequired })
  .trim()
  .min(1, JOB_CHAT_MESSAGES.textRequired)
  .max(JOB_CHAT_LIMITS.textMaxLength, JOB_CHAT_MESSAGES.textTooLong);

export const jobMessageCreateBodySchema = z
  .object({
    data: z
      .object({
        text: jobMessageTextSchema,
        clientMessageId: z.string({ required_error: JOB_CHAT_MESSAGES.clientMessageIdRequired }).uuid(JOB_CHAT_MESSAGES.clientMessageIdRequired),
      })
      .strict(),
  })
  .strict();
export type JobMessageCreateBody = z.infer<typeof jobMessageCreateBodySchema>;
export type JobMessageCreateInput = z.input<typeof jobMessageCreateBodySchema>;

export const JOB_MESSAGE_SENDER_ROLES = ['customer', 'provider'] as const;
export type JobMessageSenderRole = (typeof JOB_MESSAGE_SENDER_ROLES)[number];

export const jobMessageViewSchema = z.object({
  id: uuid,
  documentId: uuid,
  requestId: uuid,
  senderRole: z.enum(JOB_MESSAGE_SENDER_ROLES),
  senderUserId: uuid,
  /** The customer's full name or the provider's business name, as the job shows them. */
  senderName: z.string(),
  text: z.string(),
  clientMessageId: uuid,
  createdAt: z.string(),
});
export type JobMessageView = z.infer<typeof jobMessageViewSchema>;

/** A page of a job's chat, newest first; `canSend` says whether the caller may write now. */
export interface JobMessagesPage {
  data: JobMessageView[];
  meta: PageMeta & { canSend: boolean };
}

export const SendJobMessage = defineCommand<JobMessageView>()(
  'requests.cmd.send-job-message',
  withActor({ requestId: uuid, body: jobMessageCreateBodySchema }),
);

export const ListJobMessages = defineCommand<JobMessagesPage>()(
  'requests.cmd.list-job-messages',
  withActor({ requestId: uuid, pagination: paginationSchema }),
);

/** A chat message was stored: realtime emits `job_message` to both parties (their user rooms and the provider's). */
export const JobMessageSent = defineEvent(
  STREAMS.REQUESTS.name,
  'requests.evt.job-message.sent.v1',
  z.object({
    requestId: uuid,
    customerUserId: uuid,
    providerId: uuid,
    providerUserId: uuid.nullable(),
    message: jobMessageViewSchema,
  }),
);
