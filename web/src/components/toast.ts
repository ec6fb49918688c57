export type ToastVariant = 'default' | 'success' | 'error' | 'info' | 'warning';

type Show = (message: string, variant: ToastVariant) => void;

let show: Show | null = null;
let wake: (() => void) | null = null;
const waiting: { message: string; variant: ToastVariant }[] = [];

/**
 * Shows a toast from anywhere (components, mutation callbacks): `toast('Card moved', 'success')`. The toast library
 * (notistack) is not part of any page's first load: it arrives once the page is idle (components/Toasts.tsx), or at
 * once when a toast is asked for earlier; a toast asked for before it has arrived is shown as soon as it has.
 */
export function toast(message: string, variant: ToastVariant = 'default'): void {
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
