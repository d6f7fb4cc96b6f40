/**
 * Resource codes ('domain.resource.action') that endpoints, menu items and buttons are granted by.
 * The administration issue seeds them as the resource tree; the server checks them on every route.
 */
export const RESOURCE_CODES = [
  'admin.user.resetPassword',
  'admin.smsOutbox.read',
  'messages.loginLog.readAll',
] as const;
export type ResourceCode = (typeof RESOURCE_CODES)[number];

/** What a route asks of its caller: nothing, a valid session, or a granted resource. */
export type Permission = 'public' | 'authenticated' | ResourceCode;

export const isResourceCode = (value: string): value is ResourceCode =>
  (RESOURCE_CODES as readonly string[]).includes(value);
