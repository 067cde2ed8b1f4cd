import { z } from 'zod';
import { actorSchema } from '../common/actor';
import { defineCommand } from '../common/messages';

/**
 * Which of these uploads the caller may see as a party of a request they belong to: an upload belongs to a request
 * when it is one of the request's photos and was uploaded by the request's customer (`ownerId`, from content's
 * record, never from a client); its parties are that customer and the request's accepted provider. The gateway asks
 * this before it signs a private upload's URL for anyone but the owner or an admin. Answers the ids allowed.
 */
export const GetPhotoAccess = defineCommand<{ ids: string[] }>()(
  'requests.cmd.get-photo-access',
  z.object({
    actor: actorSchema,
    uploads: z.array(z.object({ id: z.string().uuid(), ownerId: z.string().uuid() })).max(500),
  }),
);
