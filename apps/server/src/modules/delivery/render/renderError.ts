import { hasMessage, type MessageKey } from '@boreline/i18n';

export type RenderFailure = 'noBrowser' | 'timeout' | 'aborted' | 'page' | 'tooLarge' | 'failed';

/**
 * A render that did not produce a file. Its message is a message key (the delivery log shows it
 * in the reader's language): one of this part's, or the tool page's own reason (`data-tool-error`).
 * `detail` is what the browser said, for the server's log only.
 */
export class RenderError extends Error {
  constructor(
    readonly failure: RenderFailure,
    readonly key: MessageKey,
    readonly detail: string | null = null,
  ) {
    super(key);
    this.name = 'RenderError';
  }

  static noBrowser(detail: string | null = null): RenderError {
    return new RenderError('noBrowser', 'deliveryChannels.render.noBrowser', detail);
  }

  static timeout(): RenderError {
    return new RenderError('timeout', 'deliveryChannels.render.timeout');
  }

  static aborted(): RenderError {
    return new RenderError('aborted', 'deliveryChannels.render.aborted');
  }

  static tooLarge(bytes: number): RenderError {
    return new RenderError('tooLarge', 'deliveryChannels.render.tooLarge', `${bytes} bytes`);
  }

  static failed(detail: string): RenderError {
    return new RenderError('failed', 'deliveryChannels.render.failed', detail);
  }

  /** The page said it failed: its own key when the catalogues know it, else a generic one. */
  static page(reason: string | null): RenderError {
    const key = reason !== null && hasMessage(reason) ? (reason as MessageKey) : 'deliveryChannels.render.pageFailed';
    return new RenderError('page', key, reason);
  }
}
