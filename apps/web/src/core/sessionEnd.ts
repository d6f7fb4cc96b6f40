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
