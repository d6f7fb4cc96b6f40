import { MACHINE_TYPES, type MachineType, monitorContract as m } from '@boreline/contracts';
import { call } from '../../../core/api/client.js';
import { session } from '../../../core/session.js';

/** The run an H5 session is scoped to, as the exchange answered it (kept for reloads of the tab). */
export interface H5Run {
  runId: number;
  projectName: string;
  tbmCode: string;
  machineType: MachineType;
  timeZone: string;
}

const RUN_KEY = 'boreline.h5Run';

const isH5Run = (v: unknown): v is H5Run =>
  typeof v === 'object' &&
  v !== null &&
  typeof Reflect.get(v, 'runId') === 'number' &&
  typeof Reflect.get(v, 'projectName') === 'string' &&
  typeof Reflect.get(v, 'tbmCode') === 'string' &&
  MACHINE_TYPES.some((t) => t === Reflect.get(v, 'machineType')) &&
  typeof Reflect.get(v, 'timeZone') === 'string';

/** The H5 run of this tab when its session is still here (a reload after the exchange). */
export function storedH5Run(runId: number): H5Run | null {
  try {
    const text = sessionStorage.getItem(RUN_KEY);
    const value: unknown = text ? JSON.parse(text) : null;
    return isH5Run(value) && value.runId === runId && session.token() ? value : null;
  } catch {
    return null;
  }
}

/** Exchanges the one-time token for a session scoped to the run and keeps it for this tab. */
export async function exchangeH5Token(token: string, runId: number): Promise<H5Run> {
  session.setH5(true);
  const result = await call(m.h5Exchange, { token, runId });
  session.adoptToken(result.token);
  try {
    sessionStorage.setItem(RUN_KEY, JSON.stringify(result.run));
  } catch {
    // Without storage the view lasts as long as the page.
  }
  return result.run;
}

/**
 * A token handed over in the path is taken out of it before anything else happens, so it is not
 * left in the address bar, the history or a screenshot; the page picks it up from here.
 */
let handedOver: { runId: number; token: string } | null = null;
export const holdToken = (runId: number, token: string): void => {
  handedOver = { runId, token };
};
export const takeHeldToken = (runId: number): string | null => {
  const held = handedOver?.runId === runId ? handedOver.token : null;
  handedOver = null;
  return held;
};
