import type { MessageKey } from '@boreline/i18n';
import { configureClient, type StandardText } from '../core/api/client.js';
import { currentLanguage, tr } from '../core/i18n.js';
import { notify } from '../core/notify.js';
import { endSession, H5_SESSION_ENDED_EVENT, PAGE_SESSION_ENDED_EVENT, type SessionEnd, setSessionEndHandler } from '../core/sessionEnd.js';
import { pageSession, requestToken, session, useFramework } from '../core/session.js';
import { logout } from '../core/logout.js';

const STANDARD_TEXTS: Record<StandardText, MessageKey> = {
  cannotConnect: 'common.error.cannotConnect',
  server500: 'common.error.server500',
  notFound404: 'common.error.notFound404',
  badFormat: 'common.error.badFormat',
  noData: 'common.error.noData',
  network: 'common.error.network',
  sessionExpired: 'common.error.sessionExpired',
  forbidden: 'common.error.forbidden',
};

let sessionEnding = false;

/** Code 1 of a request and the message server's session channel end the session the same way. */
function handleSessionEnded({ forcedOffline, message }: SessionEnd): void {
  if (sessionEnding) return;
  if (pageSession.active()) {
    // A tool page's own session (or its refused ticket): the page says so; the tab's sign-in stays.
    pageSession.end();
    window.dispatchEvent(new Event(PAGE_SESSION_ENDED_EVENT));
    return;
  }
  if (session.isH5()) {
    // Embedded: no sign-in page to go to; the H5 view says the link or session is no longer valid.
    useFramework.getState().signOut();
    window.dispatchEvent(new Event(H5_SESSION_ENDED_EVENT));
    return;
  }
  sessionEnding = true;
  const done = () => {
    sessionEnding = false;
    void logout({ callServer: false });
  };
  if (forcedOffline && !session.isH5()) {
    void notify.alert(tr('shell.forcedOffline.title'), message, tr('shell.forcedOffline.ok')).then(done);
  } else done();
}

/** Wires the request client and the message server to the session, the language, the messages and logout. */
export function setUpClient(): void {
  setSessionEndHandler(handleSessionEnded);
  configureClient({
    token: requestToken,
    language: () => currentLanguage(),
    // Embedded and tool pages show no warnings of their own.
    isMobile: () => session.isH5() || pageSession.active(),
    text: (key) => tr(STANDARD_TEXTS[key]),
    warn: (text) => notify.show('warning', text),
    onSessionEnded: endSession,
  });
}
