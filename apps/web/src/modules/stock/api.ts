import { importsContract, mtceRecordContract as r, stockContract as s } from '@boreline/contracts';
import { keepPreviousData, type QueryKey, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { call } from '../../core/api/client.js';
import { fetchFile, saveFile } from '../../core/api/download.js';
import { uploadFile } from '../../core/api/upload.js';

export type Part = z.output<typeof s.PartSchema>;
export type Sheet = z.output<typeof s.SheetSchema>;
export type SheetLine = Sheet['lines'][number];
export type CurrentAnswer = z.output<typeof s.currentPage.output>;
export type CurrentRow = CurrentAnswer['records'][number];
export type Availability = z.output<typeof s.CurrentStockFilterSchema>['availability'];
export type ConsumptionAnswer = z.output<typeof s.consumptionPage.output>;
export type ConsumptionRow = ConsumptionAnswer['records'][number];
export type ConsumptionDetail = z.output<typeof s.ConsumptionDetailSchema>;
export type LedgerCheck = z.output<typeof s.LedgerCheckSchema>;

export type CurrentInput = z.input<typeof s.currentPage.input>;
export type InPageInput = z.input<typeof s.stockInPage.input>;
export type OutPageInput = z.input<typeof s.stockOutPage.input>;
export type ConsumptionInput = z.input<typeof s.consumptionPage.input>;
export type PartAddInput = z.output<typeof s.partAdd.input>;
export type PartEditInput = z.output<typeof s.partEdit.input>;
export type FloorInput = z.output<typeof s.setFloor.input>;
export type StockInInput = z.output<typeof s.stockInAdd.input>;
export type StockOutInput = z.output<typeof s.stockOutAdd.input>;
export type StockInCorrection = z.output<typeof s.stockInCorrect.input>;
export type StockOutCorrection = z.output<typeof s.stockOutCorrect.input>;

/** The query keys of the stock pages: every key of a run starts with `['stock', runId]`, so a saved sheet refreshes them all. */
export const STOCK_KEYS = {
  run: (runId: number): QueryKey => ['stock', runId],
  current: (input: CurrentInput): QueryKey => ['stock', input.runId, 'current', input],
  ledger: (runId: number): QueryKey => ['stock', runId, 'ledger'],
  parts: (runId: number): QueryKey => ['stock', runId, 'parts'],
  units: (runId: number): QueryKey => ['stock', runId, 'units'],
  items: (runId: number): QueryKey => ['stock', runId, 'items'],
  inPage: (input: InPageInput): QueryKey => ['stock', input.runId, 'in', input],
  outPage: (input: OutPageInput): QueryKey => ['stock', input.runId, 'out', input],
  sheet: (runId: number, kind: 'in' | 'out', id: number): QueryKey => ['stock', runId, 'sheet', kind, id],
  people: (runId: number, kind: 'in' | 'out'): QueryKey => ['stock', runId, 'people', kind],
  consumption: (input: ConsumptionInput): QueryKey => ['stock', input.runId, 'consumption', input],
  consumptionDetail: (runId: number, partId: number, from: string | undefined, to: string | undefined): QueryKey => ['stock', runId, 'consumptionDetail', partId, from, to],
  records: (runId: number): QueryKey => ['stock', runId, 'maintenanceRecords'],
};

const disabledSource = { data: undefined, isPending: false, error: null, refetch: () => undefined };
/** What a table shows while its filters do not pass the contract (nothing is asked). */
export const NO_SOURCE = disabledSource;

export const useCurrentStock = (input: CurrentInput, enabled = true) =>
  useQuery({ queryKey: STOCK_KEYS.current(input), queryFn: () => call(s.currentPage, input), placeholderData: keepPreviousData, enabled });

export const useLedgerCheck = (runId: number) => useQuery({ queryKey: STOCK_KEYS.ledger(runId), queryFn: () => call(s.ledgerCheck, { runId }), staleTime: 60_000 });

/** The run's parts (the selectors and the system filter). */
export const useParts = (runId: number, enabled = true) =>
  useQuery({ queryKey: STOCK_KEYS.parts(runId), queryFn: () => call(s.partList, { runId }), enabled, staleTime: 30_000 });

export const usePartUnits = (runId: number, enabled: boolean) =>
  useQuery({ queryKey: STOCK_KEYS.units(runId), queryFn: () => call(s.partUnits, { runId }), enabled, staleTime: 60_000 });

/** Parts that can be issued now, with their stock. */
export const useStockItems = (runId: number, enabled: boolean) => useQuery({ queryKey: STOCK_KEYS.items(runId), queryFn: () => call(s.stockItems, { runId }), enabled });

export const useStockIns = (input: InPageInput, enabled = true) =>
  useQuery({ queryKey: STOCK_KEYS.inPage(input), queryFn: () => call(s.stockInPage, input), placeholderData: keepPreviousData, enabled });

export const useStockOuts = (input: OutPageInput, enabled = true) =>
  useQuery({ queryKey: STOCK_KEYS.outPage(input), queryFn: () => call(s.stockOutPage, input), placeholderData: keepPreviousData, enabled });

export const useSheet = (runId: number, kind: 'in' | 'out', id: number | null) =>
  useQuery({
    queryKey: STOCK_KEYS.sheet(runId, kind, id ?? 0),
    queryFn: () => call(kind === 'in' ? s.stockInDetail : s.stockOutDetail, { runId, id: id ?? 0 }),
    enabled: id !== null,
  });

/** Handlers (stock-in) or recipients (stock-out) to pick. */
export const usePeople = (runId: number, kind: 'in' | 'out') =>
  useQuery({ queryKey: STOCK_KEYS.people(runId, kind), queryFn: () => call(kind === 'in' ? s.stockInPeople : s.stockOutPeople, { runId }), staleTime: 30_000 });

export const useConsumption = (input: ConsumptionInput, enabled = true) =>
  useQuery({ queryKey: STOCK_KEYS.consumption(input), queryFn: () => call(s.consumptionPage, input), placeholderData: keepPreviousData, enabled });

export const useConsumptionDetail = (runId: number, partId: number | null, from: string | undefined, to: string | undefined) =>
  useQuery({
    queryKey: STOCK_KEYS.consumptionDetail(runId, partId ?? 0, from, to),
    queryFn: () => call(s.consumptionDetail, { runId, partId: partId ?? 0, ...(from ? { from } : {}), ...(to ? { to } : {}) }),
    enabled: partId !== null,
  });

/** The run's latest maintenance records, for the stock-out's optional link. */
export const useMaintenanceRecords = (runId: number, enabled: boolean) =>
  useQuery({ queryKey: STOCK_KEYS.records(runId), queryFn: () => call(r.mtceRecordPage, { runId, page: 1, pageSize: 100 }), enabled, staleTime: 30_000 });

export const addPart = (input: PartAddInput) => call(s.partAdd, input);
export const editPart = (input: PartEditInput) => call(s.partEdit, input);
export const deletePart = (runId: number, id: number) => call(s.partDelete, { runId, id });
export const setFloor = (input: FloorInput) => call(s.setFloor, input);
export const addStockIn = (input: StockInInput) => call(s.stockInAdd, input);
export const addStockOut = (input: StockOutInput) => call(s.stockOutAdd, input);
export const correctStockIn = (input: StockInCorrection) => call(s.stockInCorrect, input);
export const correctStockOut = (input: StockOutCorrection) => call(s.stockOutCorrect, input);

/** Sends a filled `stmstk` workbook to the consumption import, all or nothing, or the valid rows only. */
export const importConsumption = (runId: number, file: File, mode: 'all' | 'validOnly', onProgress: (percent: number) => void) =>
  uploadFile(s.consumptionImport, file, { fields: { runId: String(runId), mode }, onProgress });

/** The consumption template in the reader's language, saved under the name the server gives it. */
export async function downloadConsumptionTemplate(): Promise<void> {
  const file = await fetchFile(importsContract.templateStmstk, {});
  saveFile(file.blob, file.fileName ?? 'spare-part-consumption.xlsx');
}
