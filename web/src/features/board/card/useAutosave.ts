import { useCallback, useEffect, useRef, useState } from 'react';
import { readDraft, writeDraft } from '../../../components/drafts';

/**
 * Saving as the person types (docs/decisions.md "No lost edits in the card dialog"): a change is saved 800 ms after the last keystroke, at once
 * on `flush` (Save, leaving the box, closing the dialog), and a change not yet saved is kept as a local draft in
 * localStorage until the server has it, so a reload or a closed tab gives it back. While a change waits or is being
 * saved, closing the tab asks first (beforeunload).
 */
export const AUTOSAVE_DELAY_MS = 800;

/** idle: nothing typed since the box opened; pending: typed, not saved yet; error: the last save failed. */
export type SaveState = 'idle' | 'pending' | 'saving' | 'saved' | 'error';

/** What the screen says about it (read out politely by a status region). */
export const SAVE_STATE_TEXT: Record<SaveState, string> = {
  idle: '',
  pending: 'Unsaved changes',
  saving: 'Saving…',
  saved: 'Saved',
  error: 'Not saved',
};

function stopTimer(timer: { current: ReturnType<typeof setTimeout> | null }): void {
  if (timer.current) clearTimeout(timer.current);
  timer.current = null;
}

export interface AutosaveOptions {
  /** The text as the server has it (the board cache). */
  saved: string;
  /** Saves one text; false when refused (the caller shows why). */
  save: (text: string) => Promise<boolean>;
  /** localStorage key for the unsaved draft (draftKey); none keeps no draft. */
  storageKey?: string;
  /** What is saved and compared (titles are trimmed). */
  normalize?: (text: string) => string;
  /** Texts that are not saved (an empty title). */
  valid?: (normalized: string) => boolean;
  delayMs?: number;
}

export function useAutosave({
  saved,
  save,
  storageKey,
  normalize = (t) => t,
  valid = () => true,
  delayMs = AUTOSAVE_DELAY_MS,
}: AutosaveOptions) {
  const [restored] = useState(() => {
    const stored = readDraft(storageKey);
    return stored && stored.text !== saved ? stored : null;
  });
  const [draft, setDraftState] = useState(restored?.text ?? saved);
  const [state, setState] = useState<SaveState>(restored ? 'pending' : 'idle');
  const draftRef = useRef(draft);
  /** What the server has, as far as this box knows. */
  const lastSaved = useRef(saved);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const running = useRef<Promise<boolean> | null>(null);
  const options = useRef({ save, storageKey, normalize, valid });
  options.current = { save, storageKey, normalize, valid };

  const clearTimer = () => stopTimer(timer);

  /** Saves the draft now if it differs from the saved text; resolves true once the server has it. */
  const flush = useCallback(async (): Promise<boolean> => {
    stopTimer(timer);
    if (running.current) await running.current;
    const { normalize: norm, valid: ok, save: send, storageKey: key } = options.current;
    const text = norm(draftRef.current);
    if (text === lastSaved.current) {
      writeDraft(key, null);
      setState((s) => (s === 'pending' || s === 'error' ? 'saved' : s));
      return true;
    }
    if (!ok(text)) return false;
    setState('saving');
    const attempt = send(text);
    running.current = attempt;
    const done = await attempt;
    running.current = null;
    if (!done) {
      setState('error');
      return false;
    }
    lastSaved.current = text;
    if (norm(draftRef.current) === text) {
      writeDraft(key, null);
      setState('saved');
    } else {
      // Typed on while saving: the next pause saves the rest.
      setState('pending');
      timer.current = setTimeout(() => void flush(), delayMs);
    }
    return true;
  }, [delayMs]);

  /** The person typed. */
  const change = (text: string) => {
    draftRef.current = text;
    setDraftState(text);
    const { normalize: norm, storageKey: key } = options.current;
    if (norm(text) === lastSaved.current) {
      clearTimer();
      writeDraft(key, null);
      setState((s) => (s === 'idle' ? 'idle' : 'saved'));
      return;
    }
    writeDraft(key, { text, base: lastSaved.current });
    setState('pending');
    clearTimer();
    timer.current = setTimeout(() => void flush(), delayMs);
  };

  /** Puts `text` back (Escape, Discard) and saves it if the server has something else by now. */
  const revert = (text: string) => {
    clearTimer();
    draftRef.current = text;
    setDraftState(text);
    writeDraft(options.current.storageKey, null);
    if (options.current.normalize(text) === lastSaved.current) setState('idle');
    else void flush();
  };

  // The saved text changed elsewhere (a refetch, another tab): shown unless this box has changes of its own.
  useEffect(() => {
    if (saved === lastSaved.current) return;
    const hadChanges = options.current.normalize(draftRef.current) !== lastSaved.current || running.current !== null;
    lastSaved.current = saved;
    if (!hadChanges) {
      draftRef.current = saved;
      setDraftState(saved);
    }
  }, [saved]);

  // A restored draft typed over the text the server still has is saved (after the usual pause).
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, for the draft found at mount
  useEffect(() => {
    if (restored && restored.base === saved) timer.current = setTimeout(() => void flush(), delayMs);
    return () => stopTimer(timer);
  }, []);

  // Leaving the page with a change not yet saved asks first.
  const unsafe = state === 'pending' || state === 'saving' || state === 'error';
  useEffect(() => {
    if (!unsafe) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [unsafe]);

  // Unmounting (the dialog closed, the box left) saves what is left; the draft stays until the server has it.
  useEffect(
    () => () => {
      if (options.current.normalize(draftRef.current) !== lastSaved.current) void flush();
    },
    [flush],
  );

  return {
    draft,
    state,
    /** A draft from an earlier visit was put back (shown to the person). */
    restored: restored !== null,
    /** The restored draft was typed over text that has changed since: it is offered, not saved by itself. */
    restoredStale: restored !== null && restored.base !== saved && state === 'pending',
    change,
    flush,
    revert,
    /** The saved text (for Escape when the box opened on it). */
    savedText: () => lastSaved.current,
  };
}
