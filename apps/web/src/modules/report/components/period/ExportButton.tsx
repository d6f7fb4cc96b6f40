import { FileExcelOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../../core/api/client.js';
import { notify } from '../../../../core/notify.js';
import { fetchReportFile, type ReportExport, saveFile } from '../../periodApi.js';

export interface ExportButtonProps {
  /** The page's parameters as the export endpoint takes them; null while the page has none yet. */
  input: ReportExport | null;
  /** Used when the server names no file, e.g. `ring-report-412-461.xlsx`. */
  fallbackName: string;
}

/**
 * Downloads the page's report as an Excel workbook under the server's file name. The button spins
 * while the workbook is built; a refusal ('no data can be exported now') shows the server's text.
 */
export function ExportButton({ input, fallbackName }: ExportButtonProps) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const handleExport = async () => {
    if (!input) return;
    setBusy(true);
    try {
      const file = await fetchReportFile(input);
      saveFile(file.blob, file.fileName ?? fallbackName);
    } catch (error) {
      // Session and permission answers have been shown already, as every call shows them.
      if (error instanceof ApiError && (error.code === 1 || error.code === 2)) return;
      const text = error instanceof ApiError && error.message ? error.message : t('common.error.network');
      notify.show(error instanceof ApiError && error.code === 3 ? 'warning' : 'error', text);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button icon={<FileExcelOutlined />} loading={busy} disabled={!input} onClick={() => void handleExport()} data-testid="report-export">
      {t('report.print.export')}
    </Button>
  );
}
