import { periodReportContract as pr } from '@boreline/contracts';
import { ExportButton as FileExportButton } from '../../../../ui/ExportButton.js';
import type { ReportExport } from '../../periodApi.js';
import { useT } from '../../../../core/i18n.js';

export interface ExportButtonProps {
  /** The page's parameters as the export endpoint takes them; null while the page has none yet. */
  input: ReportExport | null;
  /** Used when the server names no file, e.g. `ring-report-412-461.xlsx`. */
  fallbackName: string;
}

/** Downloads the page's report as an Excel workbook (the shared export button on the report endpoint). */
export function ExportButton({ input, fallbackName }: ExportButtonProps) {
  const t = useT();
  return <FileExportButton endpoint={pr.reportExport} input={input} fallbackName={fallbackName} label={t('report.print.export')} data-testid="report-export" />;
}
