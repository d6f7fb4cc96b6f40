/**
 * One message on screen at a time (spec §8). The app registers antd's message API here; the request
 * client and pages report through it, so non-React code can show messages too.
 */
export type MessageKind = 'success' | 'info' | 'error' | 'warning';

export interface Notifier {
  show(kind: MessageKind, text: string): void;
  /** A blocking dialog (forced offline); resolves when the user closes it. */
  alert(title: string, text: string, okText: string): Promise<void>;
}

let current: Notifier = {
  show: () => undefined,
  alert: async () => undefined,
};

export const setNotifier = (notifier: Notifier): void => {
  current = notifier;
};

export const notify = {
  show: (kind: MessageKind, text: string) => current.show(kind, text),
  alert: (title: string, text: string, okText: string) => current.alert(title, text, okText),
};
