import { filesContract, subscriptionContract as c, toolPagesContract as tp } from '@boreline/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../core/api/client.js';
import { type DownloadedFile, fetchFile } from '../../core/api/download.js';

export type Subscription = c.Subscription;
export type Delivery = c.Delivery;
export type SubscriptionInput = c.SubscriptionSave;

/** Every query of the subscriptions screen starts with `subscriptions`: a save or a send reads them all again. */
export const SUBSCRIPTION_KEYS = {
  all: ['subscriptions'] as const,
  options: ['subscriptions', 'options'] as const,
  list: (runId: number) => ['subscriptions', 'list', runId] as const,
  log: (id: number, page: number, pageSize: number) => ['subscriptions', 'log', id, page, pageSize] as const,
};

/** While a delivery of the log is still pending, the log is read again this often. */
export const LOG_POLL_MS = 5_000;

/** What this installation can deliver (a browser for pictures, e-mail, webhooks to private addresses). */
export const useDeliveryOptions = () => useQuery({ queryKey: SUBSCRIPTION_KEYS.options, staleTime: 60_000, queryFn: () => call(c.subscriptionOptions, {}) });

/** The caller's subscriptions of a run, with their last delivery. */
export const useSubscriptions = (runId: number) => useQuery({ queryKey: SUBSCRIPTION_KEYS.list(runId), queryFn: () => call(c.subscriptionList, { runId }) });

/** A page of one subscription's delivery log, newest first; read again while something is pending. */
export const useDeliveryLog = (id: number | null, page: number, pageSize: number) =>
  useQuery({
    queryKey: SUBSCRIPTION_KEYS.log(id ?? 0, page, pageSize),
    enabled: id !== null,
    placeholderData: keepPreviousData,
    queryFn: () => call(c.subscriptionDeliveries, { id: id ?? 0, page, pageSize }),
    refetchInterval: (query) => (query.state.data?.records.some((d) => d.state === 'pending') ? LOG_POLL_MS : false),
  });

export const saveSubscription = (input: SubscriptionInput) => call(c.subscriptionSave, input);
export const deleteSubscription = (id: number) => call(c.subscriptionDelete, { id });
export const sendSubscription = (id: number) => call(c.subscriptionSend, { id });

/** The tool page of a subscription as it would be delivered now, rendered on the server. */
export const renderPreview = (s: Pick<Subscription, 'runId' | 'tool' | 'format' | 'size' | 'lang'>): Promise<DownloadedFile> =>
  fetchFile(tp.toolRender, { runId: s.runId, tool: s.tool, format: s.format, size: s.size, lang: s.lang, params: {} });

/** A one-time address of the tool page (the ticket in it is used up when the page opens). */
export const toolPageTicket = (s: Pick<Subscription, 'runId' | 'tool' | 'size' | 'lang'>) =>
  call(tp.toolTicketIssue, { runId: s.runId, tool: s.tool, size: s.size, lang: s.lang, params: {} });

/** A delivery's rendered file, read with the session through the files download call. */
export const downloadDeliveryFile = (fileId: string): Promise<DownloadedFile> => fetchFile(filesContract.download, { id: fileId });
