import { DATE_FORMATS, formatInstant, type toolPagesContract } from '@boreline/contracts';
import type { MessageKey } from '@boreline/i18n';
import { t } from '../../../core/i18n.js';
import type { DeliveryContext } from '../ports.js';

/** Each tool's name (a nested key of the message, so each reader reads it in their language). */
export const TOOL_NAME_KEYS: Record<toolPagesContract.ToolPage, MessageKey> = {
  bMapTool: 'deliveryChannels.tool.bMapTool',
  graphTool: 'deliveryChannels.tool.graphTool',
  shiftReportTool: 'deliveryChannels.tool.shiftReportTool',
  guideTool: 'deliveryChannels.tool.guideTool',
  shiftDailyTool: 'deliveryChannels.tool.shiftDailyTool',
};

/** The parameters the e-mail and the webhook's texts share, in the subscription's language. */
function textParams(context: DeliveryContext) {
  const { subscription, run } = context;
  return {
    name: subscription.name,
    tool: t(subscription.language, TOOL_NAME_KEYS[subscription.tool]),
    project: run.projectName,
    tbm: run.tbmCode,
    time: formatInstant(context.dueAt, run.timeZone, DATE_FORMATS.dateTime),
    zone: run.timeZone,
  };
}

export function emailTexts(context: DeliveryContext): { subject: string; text: string } {
  const params = textParams(context);
  const language = context.subscription.language;
  return { subject: t(language, 'deliveryChannels.email.subject', params), text: t(language, 'deliveryChannels.email.text', params) };
}

export function webhookText(context: DeliveryContext, url: string): string {
  return t(context.subscription.language, 'deliveryChannels.webhook.text', { ...textParams(context), url });
}
