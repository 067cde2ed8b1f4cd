import type { UserLinkView } from '@tiredash/contracts';
import type { UserEntity } from './entities/user.entity';

export function toUserLinkView(user: UserEntity | null | undefined): UserLinkView | null {
  if (!user) return null;
  return { id: user.id, documentId: user.id, email: user.email, username: user.username };
}
