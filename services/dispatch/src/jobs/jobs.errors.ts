import { DomainError } from '@tiredash/contracts';

export const JobsError = {
  notFound: () => new DomainError('NOT_FOUND', 'No job for this request (it has not been accepted)'),
  notYours: () => new DomainError('NOT_OWNER', 'You may only follow your own jobs'),
};
