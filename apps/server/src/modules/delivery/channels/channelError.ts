import type { MessageKey } from '@boreline/i18n';

/**
 * A channel that did not deliver. Its message is what the delivery log shows: the far side's own
 * words (an SMTP reply, `HTTP 500`) or, for reasons of this server (a refused address, a time
 * limit), a message key shown in the reader's language. `detail` goes to the server's log only.
 */
export class ChannelError extends Error {
  constructor(
    message: MessageKey | string,
    readonly detail: string | null = null,
  ) {
    super(message);
    this.name = 'ChannelError';
  }

  static key(key: MessageKey, detail: string | null = null): ChannelError {
    return new ChannelError(key, detail);
  }
}
