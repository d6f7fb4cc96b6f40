import { useState } from 'react';

/**
 * The OK handler of a confirmation dialog: runs the action with the button spinning, then closes
 * the dialog either way (the action shows its own outcome, failures included).
 */
export function useConfirmAction(onConfirm: () => Promise<unknown>, onClose: () => void): { pending: boolean; handleOk: () => Promise<void> } {
  const [pending, setPending] = useState(false);
  const handleOk = async () => {
    setPending(true);
    try {
      await onConfirm();
    } catch {
      // Already shown by the action itself.
    } finally {
      setPending(false);
      onClose();
    }
  };
  return { pending, handleOk };
}
