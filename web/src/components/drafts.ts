/**
 * Drafts kept in localStorage until the server has the text (docs/decisions.md "No lost edits in the card dialog"):
 * a reload, a closed tab or a move to another page gives them back. Per viewer (a shared computer) and per field.
 */

export interface StoredDraft {
  text: string;
  /** The saved text the draft was typed over (a draft over text someone has since changed is offered, not saved). */
  base: string;
}

// The prefix the board's drafts were first kept under: drafts typed before this module existed are still found.
const DRAFT_PREFIX = 'mtn-draft:';

/** The local draft's key: per viewer (a shared computer) and per field. */
export const draftKey = (viewerId: number, field: string) => `${DRAFT_PREFIX}${viewerId}:${field}`;

export function readDraft(key: string | undefined): StoredDraft | null {
  if (!key) return null;
  try {
    const raw = window.localStorage.getItem(key);
    if (!raw) return null;
    const parsed: unknown = JSON.parse(raw);
    if (
      parsed &&
      typeof parsed === 'object' &&
      typeof (parsed as StoredDraft).text === 'string' &&
      typeof (parsed as StoredDraft).base === 'string'
    ) {
      return parsed as StoredDraft;
    }
  } catch {
    // Storage off or a foreign value: no draft.
  }
  return null;
}

export function writeDraft(key: string | undefined, draft: StoredDraft | null): void {
  if (!key) return;
  try {
    if (draft) window.localStorage.setItem(key, JSON.stringify(draft));
    else window.localStorage.removeItem(key);
  } catch {
    // Storage full or off: the text is still on the screen.
  }
}
