import { z } from 'zod';
import { actorSchema } from '../common/actor';
import { defineCommand } from '../common/messages';
import type { Paged } from '../common/query';
import { paginationSchema } from '../common/query';
import {
  apiKeyDataSchema,
  CONTENT_PAGES,
  logoRefSchema,
  pageDataSchemas,
  settingsDataSchema,
} from './schemas';
import { IMAGE_MIME_TYPES, uploadPurposeSchema, type UploadPurpose, type UploadVisibility } from './uploads';
import type {
  AdminStatsView,
  ApiKeyView,
  AuditEntryView,
  LogoView,
  MediaView,
  PageView,
  PublicSettingsView,
  SettingsView,
} from './views';

/** Content's NATS request-reply subjects (`content.cmd.<verb-noun>`). */
const withActor = <T extends z.ZodRawShape>(shape: T) => z.object({ actor: actorSchema, ...shape });

export const contentPageSchema = z.enum(CONTENT_PAGES);

/** Anyone: one content page (the home page includes its logo). */
export const GetPage = defineCommand<PageView>()('content.cmd.get-page', z.object({ page: contentPageSchema }));

/** Admin: changes the fields of one page (HTML sanitised); publishes PageUpdated and writes one audit entry. */
export const UpdatePage = defineCommand<PageView>()(
  'content.cmd.update-page',
  z.discriminatedUnion('page', [
    withActor({ page: z.literal('home'), data: pageDataSchemas.home }),
    withActor({ page: z.literal('about'), data: pageDataSchemas.about }),
    withActor({ page: z.literal('contact'), data: pageDataSchemas.contact }),
    withActor({ page: z.literal('careers'), data: pageDataSchemas.careers }),
    withActor({ page: z.literal('privacy'), data: pageDataSchemas.privacy }),
    withActor({ page: z.literal('terms'), data: pageDataSchemas.terms }),
  ]),
);

/** Anyone: the public settings; an admin gets the full (masked) view. */
export const GetSettings = defineCommand<PublicSettingsView | SettingsView>()(
  'content.cmd.get-settings',
  withActor({}),
);
export const UpdateSettings = defineCommand<SettingsView>()(
  'content.cmd.update-settings',
  withActor({ data: settingsDataSchema }),
);

export const GetApiKey = defineCommand<ApiKeyView>()('content.cmd.get-api-key', withActor({}));
export const UpdateApiKey = defineCommand<ApiKeyView>()('content.cmd.update-api-key', withActor({ data: apiKeyDataSchema }));

export const GetLogo = defineCommand<LogoView | null>()('content.cmd.get-logo', z.object({}));
export const SetLogo = defineCommand<LogoView | null>()('content.cmd.set-logo', withActor({ logo: logoRefSchema }));

/** The metadata of files the gateway already stored; content checks the rules again and records them in one transaction. */
export const storedFileSchema = z.object({
  id: z.string().uuid(),
  name: z.string().min(1).max(255),
  fileName: z.string().min(1).max(120),
  mime: z.enum(IMAGE_MIME_TYPES),
  size: z.number().int().min(1),
  storageKey: z.string().min(1).max(300),
});
export type StoredFile = z.infer<typeof storedFileSchema>;

export const RegisterUploads = defineCommand<MediaView[]>()(
  'content.cmd.register-uploads',
  withActor({ purpose: uploadPurposeSchema, files: z.array(storedFileSchema).min(1).max(50) }),
);

/** Where a stored upload lives, whose it is and who may see it: what the gateway needs to serve it or hand out its URL. */
export interface MediaRecord {
  id: string;
  fileName: string;
  mime: string;
  size: number;
  storageKey: string;
  purpose: UploadPurpose;
  /** The user who uploaded it. */
  ownerId: string;
  visibility: UploadVisibility;
}
export const GetMedia = defineCommand<MediaRecord>()('content.cmd.get-media', z.object({ id: z.string().uuid() }));

/** The records of these uploads; ids that name no upload are left out of the answer. */
export const GetMediaRecords = defineCommand<MediaRecord[]>()(
  'content.cmd.get-media-records',
  z.object({ ids: z.array(z.string().uuid()).max(500) }),
);

export const GetAdminStats = defineCommand<AdminStatsView>()('content.cmd.get-admin-stats', withActor({}));

export const ListAuditLog = defineCommand<Paged<AuditEntryView>>()(
  'content.cmd.list-audit-log',
  withActor({ pagination: paginationSchema }),
);

export const ContentPing = defineCommand<{ ok: true }>()('content.cmd.ping', z.object({}));


