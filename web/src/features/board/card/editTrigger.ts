import type { KeyboardEvent } from 'react';

/**
 * A card's saved text shown as a button that opens its editor (description, checklist and item titles): by click,
 * Enter or Space, and only for people who may edit (others see plain text, not a control that does nothing).
 */
export function editTriggerProps(canEdit: boolean, open: () => void) {
  return {
    role: canEdit ? 'button' : undefined,
    tabIndex: canEdit ? 0 : undefined,
    onClick: open,
    onKeyDown: (e: KeyboardEvent) => {
      if (canEdit && (e.key === 'Enter' || e.key === ' ')) {
        e.preventDefault();
        open();
      }
    },
  };
}
