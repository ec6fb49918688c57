export type ToastVariant = 'default' | 'success' | 'error' | 'info' | 'warning';

type Show = (message: string, variant: ToastVariant) => void;

let show: Show | null = null;
/** When each text was last shown: the same text again within DUPLICATE_WINDOW_MS is one action told twice. */
const lastShown = new Map<string, number>();

/**
 * A double click or a retried call raises the same toast twice within moments: it shows once. Later, the same text
 * is a new action (completing the next lesson) and shows again, even while the previous one is still leaving —
 * notistack's own preventDuplicate dropped those, so the second action went without a message.
 */
export const DUPLICATE_WINDOW_MS = 1000;

/** Whether a toast with this text and colour should show now (and, if so, remembers that it did). */
export function firstInWindow(message: string, variant: ToastVariant, now: number): boolean {
  const key = `${variant}\u0000${message}`;
  const last = lastShown.get(key);
  if (last !== undefined && now - last < DUPLICATE_WINDOW_MS) return false;
  lastShown.set(key, now);
  // Bounded: only recent texts matter.
  if (lastShown.size > 50) {
    for (const [text, at] of lastShown) if (now - at >= DUPLICATE_WINDOW_MS) lastShown.delete(text);
  }
  return true;
}
let wake: (() => void) | null = null;
const waiting: { message: string; variant: ToastVariant }[] = [];

/**
 * Shows a toast from anywhere (components, mutation callbacks): `toast('Card moved', 'success')`. The toast library
 * (notistack) is not part of any page's first load: it arrives once the page is idle (components/Toasts.tsx), or at
 * once when a toast is asked for earlier; a toast asked for before it has arrived is shown as soon as it has.
 */
export function toast(message: string, variant: ToastVariant = 'default'): void {
  if (!firstInWindow(message, variant, Date.now())) return;
  if (show) {
    show(message, variant);
    return;
  }
  waiting.push({ message, variant });
  wake?.();
}

/** For components/Toasts.tsx: the host that shows toasts has mounted (`null`: it has gone). */
export function attachToastHost(host: Show | null): void {
  show = host;
  if (host) for (const { message, variant } of waiting.splice(0)) host(message, variant);
}

/** For components/Toasts.tsx: what to call when a toast is asked for before the host has loaded. */
export function onToastWanted(load: (() => void) | null): void {
  wake = load;
  if (load && waiting.length > 0) load();
}
