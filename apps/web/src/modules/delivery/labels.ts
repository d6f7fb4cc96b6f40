import type { subscriptionContract as c, toolPagesContract as tp } from '@boreline/contracts';
import type { MessageKey } from '@boreline/i18n';

/** The tool pages by the names their readers know them. */
export const TOOL_LABELS: Record<tp.ToolPage, MessageKey> = {
  bMapTool: 'deliveryWeb.tool.bMapTool',
  graphTool: 'deliveryWeb.tool.graphTool',
  shiftReportTool: 'deliveryWeb.tool.shiftReportTool',
  guideTool: 'deliveryWeb.tool.guideTool',
  shiftDailyTool: 'deliveryWeb.tool.shiftDailyTool',
};

export const SCHEDULE_KIND_LABELS: Record<c.ScheduleKind, MessageKey> = {
  shift: 'deliveryWeb.schedule.kind.shift',
  daily: 'deliveryWeb.schedule.kind.daily',
  weekly: 'deliveryWeb.schedule.kind.weekly',
};

export const FORMAT_LABELS: Record<tp.RenderFormat, MessageKey> = {
  png: 'deliveryWeb.format.png',
  pdf: 'deliveryWeb.format.pdf',
};

export const SIZE_LABELS: Record<tp.ToolSize, MessageKey> = {
  phone: 'deliveryWeb.size.phone',
  a4: 'deliveryWeb.size.a4',
};

export const STATE_LABELS: Record<c.DeliveryState, MessageKey> = {
  pending: 'deliveryWeb.state.pending',
  sent: 'deliveryWeb.state.sent',
  partial: 'deliveryWeb.state.partial',
  failed: 'deliveryWeb.state.failed',
};

/** Delivered green, half delivered gold, failed red, still to do blue. */
export const STATE_COLOURS: Record<c.DeliveryState, string> = { pending: 'blue', sent: 'green', partial: 'gold', failed: 'red' };

export const CHANNEL_LABELS: Record<c.ChannelName, MessageKey> = {
  message: 'deliveryWeb.channel.message',
  email: 'deliveryWeb.channel.email',
  webhook: 'deliveryWeb.channel.webhook',
};

export const TRIGGER_LABELS: Record<c.Delivery['trigger'], MessageKey> = {
  schedule: 'deliveryWeb.trigger.schedule',
  manual: 'deliveryWeb.trigger.manual',
};
