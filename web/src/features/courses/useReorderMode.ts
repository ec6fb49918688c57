import { useEffect, useState } from 'react';
import { toast } from '../../components/toast';

/**
 * An admin reorder mode: `start(items)` opens it on a working copy (`order`, changed with `setOrder`), `cancel`
 * leaves without saving, `save` sends the order (a toast either way; the mode ends when it is saved). The mode also
 * ends when `enabled` turns false (the person stops being admin).
 */
export function useReorderMode<T, Body>({
  mutation,
  body,
  saved,
  failed,
  enabled,
}: {
  mutation: { mutateAsync: (body: Body) => Promise<unknown>; isPending: boolean };
  /** The request body for an order. */
  body: (order: T[]) => Body;
  saved: string;
  failed: string;
  enabled: boolean;
}) {
  const [active, setActive] = useState(false);
  const [order, setOrder] = useState<T[]>([]);

  useEffect(() => {
    if (!enabled) setActive(false);
  }, [enabled]);

  const start = (items: T[]) => {
    setOrder(items);
    setActive(true);
  };
  const cancel = () => {
    setActive(false);
    setOrder([]);
  };
  const save = async () => {
    try {
      await mutation.mutateAsync(body(order));
      toast(saved, 'success');
      setActive(false);
    } catch {
      toast(failed, 'error');
    }
  };

  return { active, order, setOrder, start, cancel, save, pending: mutation.isPending };
}
