import { authContract, endpointUrl, feedbackContract as c, filesContract } from '@boreline/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call, request } from '../../core/api/client.js';
import { uploadFile } from '../../core/api/upload.js';
import type { UploadedFile } from '../../ui/UploadField.js';

export const FEEDBACK_KEY = ['feedback'] as const;

/** A fresh random id for an image captcha (the server keys the answer by it). */
export function newCaptchaState(): string {
  const bytes = new Uint8Array(18);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export const captchaImageUrl = (state: string): string => `${endpointUrl(authContract.captchaImage)}?state=${state}`;

export const sendFeedback = (input: c.FeedbackForm) => call(c.addV1, input);

export const useFeedbackList = (input: c.FeedbackListInput) =>
  useQuery({ queryKey: [...FEEDBACK_KEY, 'list', input], queryFn: () => call(c.queryList, input), placeholderData: keepPreviousData });

export const replyFeedback = (input: { id: number; text: string }) => call(c.reply, input);
export const setFeedbackState = (input: { id: number; state: c.FeedbackState }) => call(c.setState, input);

/** Sends one screenshot (purpose feedbackScreenshot) as the signed-in user. */
export const uploadScreenshot = (file: File, onProgress: (percent: number) => void): Promise<UploadedFile> =>
  uploadFile(filesContract.upload, file, { fields: { purpose: 'feedbackScreenshot' }, onProgress });

/** A screenshot as an object URL: reading it needs the session header, which an <img> cannot send. */
export async function screenshotUrl(id: number, fileId: string): Promise<string> {
  const blob = await request<Blob>({ method: 'GET', url: `${endpointUrl(c.screenshot)}?id=${id}&fileId=${encodeURIComponent(fileId)}` });
  return URL.createObjectURL(blob);
}
