import { FileExcelOutlined } from '@ant-design/icons';
import { alarmContract as a } from '@boreline/contracts';
import { Button } from 'antd';
import { useState } from 'react';
import { ApiError } from '../../../core/api/client.js';
import { fetchFile, saveFile } from '../../../core/api/download.js';
import { useT } from '../../../core/i18n.js';
import { notify } from '../../../core/notify.js';
import type { ExportInput } from '../api.js';

/**
 * The filtered history as an Excel workbook. With nothing to export it warns instead of sending
 * (spec: exporting with none warns); a refusal of the server shows its text.
 */
export function HistoryExport({ input, total, fallbackName }: { input: ExportInput | null; total: number | null; fallbackName: string }) {
  const t = useT();
  const [busy, setBusy] = useState(false);
  const handleExport = async () => {
    if (input === null) return;
    if (total === 0) {
      notify.show('warning', t('common.notice.noExportData'));
      return;
    }
    setBusy(true);
    try {
      const file = await fetchFile(a.alarmHistoryExport, input);
      saveFile(file.blob, file.fileName ?? fallbackName);
    } catch (error) {
      // Session and permission answers have been shown already, as every call shows them.
      if (error instanceof ApiError && (error.code === 1 || error.code === 2)) return;
      notify.show(error instanceof ApiError && error.code === 3 ? 'warning' : 'error', error instanceof ApiError && error.message ? error.message : t('common.error.network'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button icon={<FileExcelOutlined />} loading={busy} disabled={input === null} onClick={() => void handleExport()} data-testid="history-export">
      {t('alarmWeb.history.export')}
    </Button>
  );
}
