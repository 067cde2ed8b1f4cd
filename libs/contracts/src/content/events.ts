import { z } from 'zod';
import { defineEvent, STREAMS } from '../common/messages';
import { contentPageSchema } from './commands';

/** Content's domain events on the CONTENT stream; the gateway drops its cache of public content on any of them. */
const S = STREAMS.CONTENT.name;

export const PageUpdated = defineEvent(
  S,
  'content.evt.page.updated.v1',
  z.object({ page: contentPageSchema, fields: z.array(z.string()), by: z.string().uuid(), at: z.string() }),
);

/** Platform settings changed (toggles, fees, keys); `fields` names them, never their secret values. */
export const SettingsUpdated = defineEvent(
  S,
  'content.evt.settings.updated.v1',
  z.object({ fields: z.array(z.string()), by: z.string().uuid(), at: z.string() }),
);

export const LogoUpdated = defineEvent(
  S,
  'content.evt.logo.updated.v1',
  z.object({ logoId: z.string().uuid().nullable(), by: z.string().uuid(), at: z.string() }),
);

export const MediaUploaded = defineEvent(
  S,
  'content.evt.media.uploaded.v1',
  z.object({
    ids: z.array(z.string().uuid()),
    purpose: z.string(),
    by: z.string().uuid(),
    at: z.string(),
  }),
);

/** Every content event subject, for a subscriber that reacts to any change (`content.evt.>`). */
export const CONTENT_EVENTS_WILDCARD = 'content.evt.>';
