import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX, PageQuerySchema } from '@boreline/contracts';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { z } from 'zod';

/**
 * A list screen's filters, page and sort kept in the address, so a reload, the back button or a
 * shared link shows the same list. Values in an address are text: declare numbers with
 * `z.coerce.number()`, switches with `z.stringbool()`, choices with `z.enum()`; lists (`?tag=a&tag=b`)
 * with `z.array()`. Every field needs a default or must be optional: an empty address is valid.
 */
export type QueryParamsSchema = z.ZodObject;

/** Whether a field takes a list (under its optional/default/catch wrappers): `?tag=a&tag=b`. */
function takesList(field: unknown): boolean {
  let current = field;
  while (
    current instanceof z.ZodOptional ||
    current instanceof z.ZodDefault ||
    current instanceof z.ZodPrefault ||
    current instanceof z.ZodCatch ||
    current instanceof z.ZodNullable
  ) {
    current = current.unwrap();
  }
  return current instanceof z.ZodArray;
}

/**
 * The parameters of an address, parsed with the schema field by field: a value the schema refuses
 * (a hand-edited `page=abc`, a choice that no longer exists) falls back to the field's default
 * instead of failing the whole screen.
 */
export function parseQueryParams<S extends QueryParamsSchema>(schema: S, search: URLSearchParams): z.output<S> {
  const raw: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(schema.shape)) {
    const values = search.getAll(name);
    if (values.length === 0) continue;
    const value = takesList(field) ? values : values[0];
    if (z.safeParse(field, value).success) raw[name] = value;
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) throw new Error(`The address parameters of a screen need defaults: ${parsed.error.message}`);
  return parsed.data;
}

/** The address form of values: empty and default values are left out, lists repeat their name. */
export function toSearchParams(values: Record<string, unknown>, defaults: Record<string, unknown>): URLSearchParams {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(values)) {
    if (value === undefined || value === null || value === '') continue;
    if (JSON.stringify(value) === JSON.stringify(defaults[name])) continue;
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item !== undefined && item !== null && item !== '') search.append(name, String(item));
    }
  }
  return search;
}

export interface QueryParams<T> {
  /** The parameters of the address, parsed. */
  values: T;
  /** What an empty address means. */
  defaults: T;
  /** Changes some parameters and keeps the others (a page, a sort). */
  set(patch: Partial<T>): void;
  /**
   * Replaces the filters with a form's values (only the schema's names are kept); the list starts
   * again at its first page.
   */
  apply(filters: Record<string, unknown>): void;
  /** Back to the defaults. */
  reset(): void;
}

/** The parameter of a list's page number: a new search starts at page 1. */
const PAGE = 'page';

/** A screen's address parameters, typed by their schema (see `QueryParamsSchema`). */
export function useQueryParams<S extends QueryParamsSchema>(schema: S): QueryParams<z.output<S>> {
  const [search, setSearch] = useSearchParams();
  const defaults = useMemo(() => parseQueryParams(schema, new URLSearchParams()), [schema]);
  const key = search.toString();
  // The text of the address (not the object, which React Router renews) decides when values change.
  const values = useMemo(() => parseQueryParams(schema, new URLSearchParams(key)), [schema, key]);
  const write = useCallback((next: Record<string, unknown>) => setSearch(toSearchParams(next, defaults)), [setSearch, defaults]);
  return useMemo(
    () => ({
      values,
      defaults,
      set: (patch) => write({ ...values, ...patch }),
      apply: (filters) => {
        const names = Object.keys(schema.shape);
        const given = Object.fromEntries(Object.entries(filters).filter(([name]) => names.includes(name)));
        write({ ...values, ...given, [PAGE]: undefined });
      },
      reset: () => write({}),
    }),
    [values, defaults, write, schema],
  );
}

/** A list's page, page size and sort in the address; a screen extends it with its filters. */
export const ListParamsSchema = PageQuerySchema.extend({
  // The address holds text: its digits are the page and the page size.
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(PAGE_SIZE_DEFAULT),
  sort: z.string().max(64).optional(),
  order: z.enum(['asc', 'desc']).optional(),
});
export type ListParams = z.output<typeof ListParamsSchema>;

export interface SortState {
  /** The sorted column's key, as the list's endpoint names the field. */
  field: string;
  order: 'asc' | 'desc';
}

/** What a server-paged table shows: the page, its size and the sort. */
export interface TableState {
  page: number;
  pageSize: number;
  sort: SortState | null;
}

/** The table state of a list's address parameters… */
export const tableStateOf = (params: ListParams): TableState => ({
  page: params.page,
  pageSize: params.pageSize,
  sort: params.sort && params.order ? { field: params.sort, order: params.order } : null,
});

/** …and the parameters of a table state, to write back. */
export const listParamsOf = (state: TableState): ListParams => ({
  page: state.page,
  pageSize: state.pageSize,
  sort: state.sort?.field,
  order: state.sort?.order,
});
