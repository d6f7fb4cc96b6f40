import { LIMITS } from '@boreline/contracts';
import { create } from 'zustand';

/**
 * One message on screen at a time (spec §8), and at most one blocking dialog (forced offline).
 * Kept outside React so the request client can report too; `ui/Notifications` draws it.
 */
export type MessageKind = 'success' | 'info' | 'error' | 'warning';

export interface Message {
  id: number;
  kind: MessageKind;
  text: string;
}

export interface Dialog {
  title: string;
  text: string;
  okText: string;
  close(): void;
}

interface NotifyState {
  message: Message | null;
  dialog: Dialog | null;
}

export const MESSAGE_DURATION_MS = 3_000;
export const MESSAGE_Z_INDEX = LIMITS.messageZIndex;

export const useNotifications = create<NotifyState>(() => ({ message: null, dialog: null }));

let sequence = 0;
let timer: ReturnType<typeof setTimeout> | undefined;

export const notify = {
  /** Replaces whatever message is showing. */
  show(kind: MessageKind, text: string): void {
    sequence += 1;
    const id = sequence;
    useNotifications.setState({ message: { id, kind, text } });
    clearTimeout(timer);
    timer = setTimeout(() => {
      if (useNotifications.getState().message?.id === id) useNotifications.setState({ message: null });
    }, MESSAGE_DURATION_MS);
  },
  /** A dialog the user must close; resolves when they do. */
  alert(title: string, text: string, okText: string): Promise<void> {
    return new Promise((resolve) => {
      useNotifications.setState({
        dialog: {
          title,
          text,
          okText,
          close: () => {
            useNotifications.setState({ dialog: null });
            resolve();
          },
        },
      });
    });
  },
};
