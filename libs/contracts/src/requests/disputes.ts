import { z } from 'zod';
import { actorSchema } from '../common/actor';
import { defineCommand, defineEvent, STREAMS } from '../common/messages';

/**
 * Disputes (issue 13 item 7), owned by the requests service: the customer or the accepted provider of a job reports a
 * problem with it from Accepted onward (In Progress, Service Completed, Customer No-Show, and a job cancelled after
 * acceptance), with a category and a description. One open report per party per job: a repeat while it is open
 * answers the same report (nothing new is stored or announced). An admin resolves it with a note. Stored with its
 * `dispute.opened` / `dispute.resolved` outbox event: content counts the open ones (the 'Reported Issues' tile), realtime
 * tells the admins.
 *
 * REST: `POST /api/service-requests/{id}/reports {data:{category, description}}` (the parties),
 * `GET /api/service-requests/{id}/reports` (a party: its own reports; an admin: all),
 * `PUT /api/reports/{reportId} {data:{status:'resolved', resolutionNote}}` (admins).
 */
export const DISPUTE_CATEGORIES = ['service_quality', 'damage', 'pricing', 'no_show', 'conduct', 'payment', 'other'] as const;
export type DisputeCategory = (typeof DISPUTE_CATEGORIES)[number];

export const DISPUTE_LIMITS = { descriptionMinLength: 10, descriptionMaxLength: 2000, noteMaxLength: 1000 } as const;

export const DISPUTE_MESSAGES = {
  categoryRequired: 'Choose what the problem is about',
  descriptionRequired: 'Describe the problem',
  descriptionTooShort: `Describe the problem in at least ${DISPUTE_LIMITS.descriptionMinLength} characters`,
  descriptionTooLong: `A description is at most ${DISPUTE_LIMITS.descriptionMaxLength} characters`,
  noteRequired: 'Write a resolution note',
  noteTooLong: `A resolution note is at most ${DISPUTE_LIMITS.noteMaxLength} characters`,
  notParty: "Only the job's customer and its provider may report a problem with it",
  notAccepted: 'A problem can be reported once a bid is accepted',
  adminOnly: 'Only admins resolve reports',
  alreadyResolved: 'This report is already resolved',
  notFound: 'Report not found',
} as const;

/** Refusal reasons in `details.reason`. */
export const DISPUTE_REFUSALS = ['JOB_NOT_ACCEPTED', 'REPORT_RESOLVED'] as const;
export type DisputeRefusal = (typeof DISPUTE_REFUSALS)[number];

export const DISPUTE_STATUSES = ['open', 'resolved'] as const;
export type DisputeStatus = (typeof DISPUTE_STATUSES)[number];
export const DISPUTE_REPORTER_ROLES = ['customer', 'provider'] as const;
export type DisputeReporterRole = (typeof DISPUTE_REPORTER_ROLES)[number];

const uuid = z.string().uuid();
const withActor = <T extends z.ZodRawShape>(shape: T) => z.object({ actor: actorSchema, ...shape });

export const disputeCreateBodySchema = z
  .object({
    data: z
      .object({
        category: z.enum(DISPUTE_CATEGORIES, { errorMap: () => ({ message: DISPUTE_MESSAGES.categoryRequired }) }),
        description: z
          .string({ required_error: DISPUTE_MESSAGES.descriptionRequired, invalid_type_error: DISPUTE_MESSAGES.descriptionRequired })
          .trim()
          .min(DISPUTE_LIMITS.descriptionMinLength, DISPUTE_MESSAGES.descriptionTooShort)
          .max(DISPUTE_LIMITS.descriptionMaxLength, DISPUTE_MESSAGES.descriptionTooLong),
      })
      .strict(),
  })
  .strict();
export type DisputeCreateBody = z.infer<typeof disputeCreateBodySchema>;

export const disputeResolveBodySchema = z
  .object({
    data: z
      .object({
        status: z.literal('resolved'),
        resolutionNote: z
          .string({ required_error: DISPUTE_MESSAGES.noteRequired, invalid_type_error: DISPUTE_MESSAGES.noteRequired })
          .trim()
          .min(1, DISPUTE_MESSAGES.noteRequired)
          .max(DISPUTE_LIMITS.noteMaxLength, DISPUTE_MESSAGES.noteTooLong),
      })
      .strict(),
  })
  .strict();
export type DisputeResolveBody = z.infer<typeof disputeResolveBodySchema>;

export const disputeViewSchema = z.object({
  id: uuid,
  documentId: uuid,
  requestId: uuid,
  reporterRole: z.enum(DISPUTE_REPORTER_ROLES),
  reporterUserId: uuid,
  /** The customer's full name or the provider's business name. */
  reporterName: z.string(),
  category: z.enum(DISPUTE_CATEGORIES),
  description: z.string(),
  status: z.enum(DISPUTE_STATUSES),
  /** The request's status when it was reported. */
  requestStatus: z.string(),
  resolutionNote: z.string().nullable(),
  resolvedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type DisputeView = z.infer<typeof disputeViewSchema>;

export const ReportProblem = defineCommand<DisputeView>()(
  'requests.cmd.report-problem',
  withActor({ requestId: uuid, body: disputeCreateBodySchema }),
);

export const ListRequestDisputes = defineCommand<DisputeView[]>()('requests.cmd.list-request-disputes', withActor({ requestId: uuid }));

export const ResolveDispute = defineCommand<DisputeView>()(
  'requests.cmd.resolve-dispute',
  withActor({ disputeId: uuid, body: disputeResolveBodySchema }),
);

/** A status change of a request, as its own timestamps record it (admin timeline). */
export const timelineStatusSchema = z.object({ status: z.string(), at: z.string(), by: z.string().nullable(), note: z.string().nullable() });
export type TimelineStatusEntry = z.infer<typeof timelineStatusSchema>;

/** A bid on the request, as the admin's timeline lists it. */
export const timelineBidSchema = z.object({
  id: uuid,
  providerId: uuid,
  providerName: z.string(),
  amount: z.number(),
  estimatedArrival: z.number().nullable(),
  status: z.string(),
  createdAt: z.string(),
});
export type TimelineBid = z.infer<typeof timelineBidSchema>;

/** What the requests service knows of one request for the admin's timeline: status changes, bids, reports. */
export const requestTimelinePartSchema = z.object({
  requestId: uuid,
  status: z.string(),
  paymentMethod: z.string(),
  customerUserId: uuid,
  customerName: z.string(),
  providerId: uuid.nullable(),
  amount: z.number().nullable(),
  statuses: z.array(timelineStatusSchema),
  bids: z.array(timelineBidSchema),
  reports: z.array(disputeViewSchema),
});
export type RequestTimelinePart = z.infer<typeof requestTimelinePartSchema>;

export const GetRequestTimeline = defineCommand<RequestTimelinePart>()('requests.cmd.get-request-timeline', withActor({ requestId: uuid }));

const disputeEventShape = {
  disputeId: uuid,
  requestId: uuid,
  customerUserId: uuid,
  providerId: uuid,
  providerUserId: uuid.nullable(),
};

/** A party reported a problem: content counts it (open), realtime tells the admins (`problem_reported`). */
export const DisputeOpened = defineEvent(
  STREAMS.REQUESTS.name,
  'requests.evt.dispute.opened.v1',
  z.object({ ...disputeEventShape, reporterRole: z.enum(DISPUTE_REPORTER_ROLES), category: z.enum(DISPUTE_CATEGORIES), openedAt: z.string() }),
);

/** An admin resolved a report (with a note): content no longer counts it open; realtime tells its reporter. */
export const DisputeResolved = defineEvent(
  STREAMS.REQUESTS.name,
  'requests.evt.dispute.resolved.v1',
  z.object({ ...disputeEventShape, reporterUserId: uuid, resolutionNote: z.string(), resolvedAt: z.string() }),
);
