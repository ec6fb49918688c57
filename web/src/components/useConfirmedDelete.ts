import { type ReactNode, useState } from 'react';
import { toast as showToast } from './toast';

/**
 * Delete with an 'Are you sure?' step, for FormDialog's `deletion`: `ask` opens the confirmation (its `title`,
 * `message` and `confirmLabel`), `confirm` runs the mutation. On success the toast is shown, the confirmation closes
 * and `onDeleted` runs; on failure the confirmation closes and `onError` gets the error. Undefined while there is
 * nothing to delete (`id` null: a new item).
 */
export function useConfirmedDelete<Id>({
  remove,
  id,
  toast,
  onDeleted,
  onError,
  ...texts
}: {
  remove: {
    mutate: (id: Id, callbacks: { onSuccess: () => void; onError: (error: unknown) => void }) => void;
    isPending: boolean;
  };
  id: Id | null;
  toast: string;
  onDeleted: (id: Id) => void;
  onError: (error: unknown) => void;
  title: string;
  confirmLabel: string;
  message: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  if (id === null) return undefined;
  const confirm = () => {
    remove.mutate(id, {
      onSuccess: () => {
        showToast(toast, 'success');
        setOpen(false);
        onDeleted(id);
      },
      onError: (error) => {
        setOpen(false);
        onError(error);
      },
    });
  };
  return { ...texts, open, ask: () => setOpen(true), cancel: () => setOpen(false), confirm, pending: remove.isPending };
}

export type ConfirmedDelete = NonNullable<ReturnType<typeof useConfirmedDelete>>;
