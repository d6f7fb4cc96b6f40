/**
 * Organization paths are delimited id lists (`/1/5/12/`). Comparisons are segment-wise, so
 * organization 2 never matches organization 23.
 */
export const ORG_PATH_PATTERN = /^\/(?:\d+\/)+$/;

export const childPath = (parentPath: string, id: number): string => `${parentPath}${id}/`;

export const rootPath = (id: number): string => `/${id}/`;

/** True when `path` is `ancestor` itself or lies below it. */
export function isWithin(path: string, ancestor: string): boolean {
  return ORG_PATH_PATTERN.test(path) && ORG_PATH_PATTERN.test(ancestor) && path.startsWith(ancestor);
}

/** The ids of a path, top first. */
export const pathIds = (path: string): number[] => path.split('/').filter(Boolean).map(Number);

export const depthOf = (path: string): number => pathIds(path).length;
