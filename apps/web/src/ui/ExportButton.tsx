import { FileExcelOutlined } from '@ant-design/icons';
import type { EndpointDefinition } from '@boreline/contracts';
import { Button } from 'antd';
import { useState } from 'react';
import type { z } from 'zod';
import { ApiError } from '../core/api/client.js';
import { fetchFile, saveFile } from '../core/api/download.js';
import { notify } from '../core/notify.js';
import { useT } from '../core/i18n.js';

export interface ExportButtonProps<I extends z.ZodType, O extends z.ZodType> {
  /** An export endpoint (`response: 'raw'`) answering a workbook. */
  endpoint: EndpointDefinition<I, O>;
  /** The page's parameters as the export endpoint takes them; null while the page has none yet. */
  input: z.input<I> | null;
  /** Used when the server names no file, e.g. `S-1125-rings-412-461.xlsx`. */
  fallbackName: string;
  /** The button's text in the reader's language. */
  label: string;
  /** The page shows nothing to export: the button warns so (spec: exporting with none warns) instead of calling. */
  empty?: boolean;
  'data-testid'?: string;
}

/**
 * Downloads a page's data as an Excel workbook under the server's file name. The button spins while
 * the workbook is built; a refusal ('no data can be exported now') shows the server's text.
 */
export function ExportButton<I extends z.ZodType, O extends z.ZodType>({ endpoint, input, fallbackName, label, empty = false, 'data-testid': testId }: ExportButtonProps<I, O>) {
  const t = useT();
  const [busy, setBusy] = useState(false);
  const handleExport = async () => {
    if (input === null) return;
    if (empty) {
      notify.show('warning', t('common.notice.noExportData'));
      return;
    }
    setBusy(true);
    try {
      const file = await fetchFile(endpoint, input);
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
    <Button icon={<FileExcelOutlined />} loading={busy} disabled={input === null} onClick={() => void handleExport()} data-testid={testId}>
      {label}
    </Button>
  );
}
