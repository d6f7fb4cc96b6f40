import type { subscriptionContract as c } from '@boreline/contracts';

/** 07:00 on 26 Nov 2026 in Milan (06:00 UTC). */
export const MILAN_7AM = Date.UTC(2026, 10, 26, 6, 0);

export const delivery = (over: Partial<c.Delivery> = {}): c.Delivery => ({
  id: 501,
  subscriptionId: 11,
  dueAt: MILAN_7AM,
  trigger: 'schedule',
  state: 'sent',
  attempts: 1,
  nextAttemptAt: null,
  fileId: 'AbCdEfGhIjKlMnOpQrStUv',
  fileName: 'M4-S-1125-shift-daily-2026-11-25.png',
  error: null,
  channels: [{ channel: 'message', state: 'sent', attempts: 1, error: null, at: MILAN_7AM + 20_000 }],
  createdAt: MILAN_7AM,
  finishedAt: MILAN_7AM + 20_000,
  ...over,
});

export const subscription = (over: Partial<c.Subscription> = {}): c.Subscription => ({
  id: 11,
  runId: 1,
  name: 'Morning summary',
  tool: 'shiftDailyTool',
  schedule: { kind: 'daily', time: '07:00' },
  format: 'png',
  size: 'phone',
  lang: null,
  channels: { message: true, emails: [], webhookUrl: null },
  enabled: true,
  nextDueAt: MILAN_7AM + 86_400_000,
  webhookSecret: null,
  hasWebhookSecret: false,
  lastDelivery: delivery(),
  createdAt: MILAN_7AM - 7 * 86_400_000,
  updatedAt: MILAN_7AM - 7 * 86_400_000,
  ...over,
});

/** A weekly PDF to e-mail and a chat webhook whose last delivery failed on the webhook. */
export const WEEKLY = subscription({
  id: 12,
  name: 'Weekly guidance for the client',
  tool: 'guideTool',
  schedule: { kind: 'weekly', time: '07:30' },
  format: 'pdf',
  size: 'a4',
  lang: 'it_IT',
  channels: { message: false, emails: ['pm@example.it', 'client@example.it'], webhookUrl: 'https://chat.example.com/hooks/abc' },
  hasWebhookSecret: true,
  lastDelivery: delivery({ id: 502, subscriptionId: 12, state: 'partial' }),
});

/** After every shift, switched off, never delivered. */
export const AFTER_SHIFT = subscription({ id: 13, name: 'Shift report to the crew', tool: 'shiftReportTool', schedule: { kind: 'shift' }, enabled: false, nextDueAt: null, lastDelivery: null });

export const OPTIONS_ALL = { render: true, email: true, webhookPrivate: false };
