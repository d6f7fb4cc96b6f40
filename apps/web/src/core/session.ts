import { type CurrentRun, type Language, projectContract, type SessionUser } from '@boreline/contracts';
import { create } from 'zustand';

/** Session storage keys: the session lives as long as the browser tab. */
const KEYS = {
  token: 'boreline.token',
  webAuth: 'boreline.webAuth',
  user: 'boreline.user',
  resources: 'boreline.resources',
  language: 'boreline.lang',
  lastPath: 'boreline.lastPath',
  fromMessage: 'boreline.fromMessage',
  renderEnv: 'boreline.renderEnv',
  run: 'boreline.run',
} as const;

/** The run "enter system" chose (spec §3): ids, organization paths, time zone and machine. */
export type { CurrentRun };

const read = (key: string): string | null => {
  try {
    return sessionStorage.getItem(key);
  } catch {
    return null;
  }
};
const write = (key: string, value: string | null): void => {
  try {
    if (value === null) sessionStorage.removeItem(key);
    else sessionStorage.setItem(key, value);
  } catch {
    // Storage can be unavailable (private mode, embedded views): the session then lasts the page.
  }
};
const readJson = <T>(key: string, guard: (value: unknown) => value is T): T | null => {
  const text = read(key);
  if (!text) return null;
  try {
    const value: unknown = JSON.parse(text);
    return guard(value) ? value : null;
  } catch {
    return null;
  }
};
const isUser = (v: unknown): v is SessionUser => typeof v === 'object' && v !== null && 'id' in v && 'phone' in v;
const isStringArray = (v: unknown): v is string[] => Array.isArray(v) && v.every((x) => typeof x === 'string');
// A run stored by an older version of the app fails the schema and is simply chosen again.
const isRun = (v: unknown): v is CurrentRun => projectContract.CurrentRunSchema.safeParse(v).success;

/** The framework state of spec §3, in one store. */
export interface FrameworkState {
  token: string | null;
  user: SessionUser | null;
  resources: string[];
  language: Language | null;
  /** Language chosen on the sign-in page (the session's may differ). */
  enterLanguage: Language | null;
  run: CurrentRun | null;
  /** resource code -> organization paths it is granted for (filled by the administration module). */
  resourceDeptMap: Record<string, string[]>;
  /** resource code -> page elements (buttons) it enables. */
  resourceElementMap: Record<string, string[]>;
  signIn(session: { token: string; user: SessionUser; resources: string[] }): void;
  updateUser(user: SessionUser): void;
  /** The server's current view of the signed-in user (roles may have changed since sign-in). */
  refresh(info: { user: SessionUser; resources: string[] }): void;
  signOut(): void;
  setLanguage(language: Language): void;
  setRun(run: CurrentRun | null): void;
}

export const useFramework = create<FrameworkState>((set) => ({
  token: read(KEYS.token),
  user: readJson(KEYS.user, isUser),
  resources: readJson(KEYS.resources, isStringArray) ?? [],
  language: null,
  enterLanguage: null,
  // Kept for the tab's life, so a reload of a project page stays in its project.
  run: readJson(KEYS.run, isRun),
  resourceDeptMap: {},
  resourceElementMap: {},
  signIn: ({ token, user, resources }) => {
    write(KEYS.token, token);
    write(KEYS.webAuth, '1');
    write(KEYS.user, JSON.stringify(user));
    write(KEYS.resources, JSON.stringify(resources));
    set({ token, user, resources });
  },
  updateUser: (user) => {
    write(KEYS.user, JSON.stringify(user));
    set({ user });
  },
  refresh: ({ user, resources }) => {
    write(KEYS.user, JSON.stringify(user));
    write(KEYS.resources, JSON.stringify(resources));
    set({ user, resources });
  },
  signOut: () => {
    for (const key of [KEYS.token, KEYS.webAuth, KEYS.user, KEYS.resources, KEYS.run]) write(key, null);
    set({ token: null, user: null, resources: [], run: null });
  },
  setLanguage: (language) => {
    write(KEYS.language, language);
    set({ language });
  },
  setRun: (run) => {
    write(KEYS.run, run ? JSON.stringify(run) : null);
    set({ run });
  },
}));

export const session = {
  token: (): string | null => useFramework.getState().token,
  hasWebAuth: (): boolean => read(KEYS.webAuth) === '1',
  storedLanguage: (): string | null => read(KEYS.language),
  lastPath: (): string | null => read(KEYS.lastPath),
  rememberPath: (path: string): void => write(KEYS.lastPath, path),
  /** The session started from a message link: logout returns to message login. */
  fromMessage: (): boolean => read(KEYS.fromMessage) === '1',
  markFromMessage: (value: boolean): void => write(KEYS.fromMessage, value ? '1' : null),
  /** Embedded H5 mode (the host app renders the real-time view). */
  isH5: (): boolean => read(KEYS.renderEnv) === 'h5',
  setH5: (value: boolean): void => write(KEYS.renderEnv, value ? 'h5' : null),
  /** A token handed over in the query string (message links, host apps). */
  adoptToken: (token: string): void => {
    write(KEYS.token, token);
    useFramework.setState({ token });
  },
};

let pageToken: string | null = null;
let pageActive = false;

/**
 * A session held in memory for one page only: a tool page's session, opened from its one-time
 * render ticket. While it is open, calls carry its token (none before the exchange answers)
 * instead of the tab's stored session, which stays as it was: a signed-in user who opens a tool
 * page in the same tab keeps their own sign-in, and the tool's token is never stored (a reload
 * needs a new ticket). A request ending in code 1 ends this session, not the tab's.
 */
export const pageSession = {
  /** Before the exchange: calls go without the tab's token, and a refusal does not sign the tab out. */
  open: (): void => {
    pageActive = true;
    pageToken = null;
  },
  hold: (token: string): void => {
    pageActive = true;
    pageToken = token;
  },
  end: (): void => {
    pageActive = false;
    pageToken = null;
  },
  active: (): boolean => pageActive,
  token: (): string | null => pageToken,
};

/** The token calls carry: the page's session while one is open, else the tab's. */
export const requestToken = (): string | null => (pageActive ? pageToken : useFramework.getState().token);

/** Super administrators hold every resource; others what their roles grant. */
export const canUse = (state: Pick<FrameworkState, 'user' | 'resources'>, resource: string): boolean =>
  resource === 'authenticated' || state.user?.sa === true || state.resources.includes(resource);
