import { REALTIME } from '@boreline/contracts';
import { currentLanguage } from '../i18n.js';
import { useFramework } from '../session.js';
import { endSession } from '../sessionEnd.js';
import { RealtimeClient } from './realtimeClient.js';

/** The app's one connection to the message server (same origin, `/ws`). */
export const realtime = new RealtimeClient({
  url: () => `${window.location.protocol === 'https:' ? 'wss' : 'ws'}://${window.location.host}${REALTIME.path}`,
  token: () => useFramework.getState().token,
  language: () => currentLanguage(),
  socket: (url) => new WebSocket(url),
  // The session channel goes where the request client's code 1 goes.
  onSessionEnded: endSession,
});
