/** For the board's unit tests: a card with every field a board answer carries, empty unless given. */
import type { BoardCard } from '@rainmakers/contracts';

export const testCard = (id: number, extra: Partial<BoardCard> = {}): BoardCard => ({
  id,
  title: `Card ${id}`,
  description: '',
  position: 0,
  ListId: 1,
  coverPhotoUrl: null,
  Labels: [],
  Attachments: [],
  Activities: [],
  CheckLists: [],
  dueAt: null,
  reviewedAt: null,
  reviewedBy: null,
  ...extra,
});
