import { LIMITS } from '@boreline/contracts';

const fromEnv = (value: string | undefined, fallback: number): number => {
  const n = Number(value);
  return Number.isFinite(n) && n > 0 ? n : fallback;
};

/** Build-time settings of the web app (Vite `VITE_*` variables), with the spec's defaults. */
export const webConfig = {
  requestTimeoutMs: fromEnv(import.meta.env.VITE_REQUEST_TIMEOUT_MS, LIMITS.requestTimeoutMs),
  chunkLoadTimeoutMs: fromEnv(import.meta.env.VITE_CHUNK_TIMEOUT_MS, LIMITS.chunkLoadTimeoutMs),
} as const;

export const BASENAME = '/client_web';
/** Where a signed-in user lands when no earlier page is remembered. */
export const START_PATH = '/fw0/dp';
/**
 * The start route: for a signed-in user it leads on to the page they were on, else to the first
 * page their menu grants (the app knows the menu; sign-in pages only go here).
 */
export const SIGNED_IN_START = '/';
