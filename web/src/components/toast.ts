import { enqueueSnackbar } from 'notistack';

export type ToastVariant = 'default' | 'success' | 'error' | 'info' | 'warning';

/** Shows a toast from anywhere (components, mutation callbacks): `toast('Card moved', 'success')`. */
export function toast(message: string, variant: ToastVariant = 'default'): void {
  enqueueSnackbar(message, { variant });
}
