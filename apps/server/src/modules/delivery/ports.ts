import type { Language, toolPagesContract } from '@boreline/contracts';

type ToolPage = toolPagesContract.ToolPage;

/** One tool page to render, on behalf of a user who may read it (a ticket is issued for them). */
export interface RenderRequest {
  userId: number;
  runId: number;
  tool: ToolPage;
  format: toolPagesContract.RenderFormat;
  size: toolPagesContract.ToolSize;
  /** Null: the run's language. */
  lang: Language | null;
  params: toolPagesContract.ToolParams;
}

export interface RenderedFile {
  bytes: Buffer;
  contentType: 'image/png' | 'application/pdf';
}

/**
 * Renders tool pages in a headless browser (`render/renderer.ts`): one browser shared by every
 * render, a page per render closed after it, at most `concurrency` at once, a time limit each.
 */
export interface ToolRenderer {
  /** Whether a browser is configured; without one every render answers code 3. */
  readonly available: boolean;
  render(request: RenderRequest, signal?: AbortSignal): Promise<RenderedFile>;
  /** Closes the shared browser (server stop). */
  close(): Promise<void>;
}

/** What a channel is told about one delivery. */
export interface DeliveryContext {
  deliveryId: number;
  dueAt: number;
  subscription: { id: number; name: string; userId: number; runId: number; tool: ToolPage; format: toolPagesContract.RenderFormat; language: Language };
  run: { runId: number; projectName: string; tbmCode: string; timeZone: string };
  file: { id: string; name: string; contentType: RenderedFile['contentType']; bytes: Buffer };
  /**
   * The picture the message centre shows: the file itself when it is a PNG; for a PDF delivery, a
   * PNG of the same page rendered for the message (asked only when the message is sent).
   */
  picture(): Promise<{ id: string; name: string }>;
}

/**
 * The delivery channels (`channels/`). Each throws on failure with the far side's reason (SMTP
 * reply, HTTP status, refused address) as its message; the delivery job retries and logs it.
 */
export interface DeliveryChannels {
  /** Whether an SMTP server is configured. */
  readonly emailConfigured: boolean;
  /** Whether webhooks may call private and loopback addresses. */
  readonly webhookAllowPrivate: boolean;
  message(context: DeliveryContext): Promise<void>;
  email(context: DeliveryContext, to: readonly string[]): Promise<void>;
  webhook(context: DeliveryContext, url: string, secret: string): Promise<void>;
  /** Refuses a webhook address the server must not call (checked when saving too). */
  checkWebhookUrl(url: string): Promise<void>;
}
