/** Why a session ended: code 1 of a request, or the message server's session channel. */
export interface SessionEnd {
  forcedOffline: boolean;
  message: string;
}

let handler: (end: SessionEnd) => void = () => undefined;

/** The app decides once what an ended session does (sign out, or the H5 view's notice). */
export const setSessionEndHandler = (next: (end: SessionEnd) => void): void => {
  handler = next;
};

export const endSession = (end: SessionEnd): void => handler(end);

/** Dispatched on `window` when an embedded (H5) session ends: the H5 view says so instead of going to sign-in. */
export const H5_SESSION_ENDED_EVENT = 'boreline:h5:sessionEnded';

/** Dispatched on `window` when a page's own session (a tool page's, `pageSession`) ends: the tab's sign-in stays. */
export const PAGE_SESSION_ENDED_EVENT = 'boreline:page:sessionEnded';
