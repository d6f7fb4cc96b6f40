import { LANGUAGES, type Language } from '@boreline/contracts';

/**
 * The host-app bridge of the H5 view (docs/h5-bridge.md). A host that cannot put the token in the
 * URL posts it instead: an iframe's parent with `iframe.contentWindow.postMessage(msg, origin)`, a
 * native web view by injecting `window.postMessage(msg, '*')`. Only those two sources are heard;
 * the page answers `boreline:h5:ready` when it listens and `boreline:h5:ended` when its session ends.
 */
export interface H5Handover {
  token: string;
  runId: number | null;
  lang: Language | null;
}

export const H5_MESSAGE = { init: 'boreline:h5:init', ready: 'boreline:h5:ready', ended: 'boreline:h5:ended' } as const;

const isLanguage = (v: unknown): v is Language => typeof v === 'string' && LANGUAGES.some((l) => l === v);

/** Reads a handover message (an object or its JSON text); null for anything else. */
export function parseHandover(data: unknown): H5Handover | null {
  let value: unknown = data;
  if (typeof data === 'string') {
    try {
      value = JSON.parse(data);
    } catch {
      return null;
    }
  }
  if (typeof value !== 'object' || value === null) return null;
  const type: unknown = Reflect.get(value, 'type');
  const token: unknown = Reflect.get(value, 'token');
  const runId: unknown = Reflect.get(value, 'runId');
  const lang: unknown = Reflect.get(value, 'lang');
  if (type !== H5_MESSAGE.init || typeof token !== 'string' || !/^[A-Za-z0-9_-]{20,128}$/.test(token)) return null;
  return { token, runId: typeof runId === 'number' && Number.isInteger(runId) && runId > 0 ? runId : null, lang: isLanguage(lang) ? lang : null };
}

/** Listens for a handover from the parent frame or the native host; returns the stop function. */
export function listenForHandover(onHandover: (handover: H5Handover) => void): () => void {
  const handle = (event: MessageEvent) => {
    const fromHost = event.source === window.parent || event.source === window;
    if (!fromHost) return;
    const handover = parseHandover(event.data);
    if (handover) onHandover(handover);
  };
  window.addEventListener('message', handle);
  tellHost('ready');
  return () => window.removeEventListener('message', handle);
}

/** Messages to the host carry no secrets, so any host origin may read them. */
export function tellHost(what: 'ready' | 'ended'): void {
  if (window.parent !== window) window.parent.postMessage({ type: H5_MESSAGE[what] }, '*');
}
