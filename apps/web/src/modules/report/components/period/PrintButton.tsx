import { PrinterOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useT } from '../../../../core/i18n.js';

/** Prints the report page; report.css turns the page into a clean A4 sheet without the app around it. */
export function PrintButton({ disabled = false }: { disabled?: boolean }) {
  const t = useT();
  return (
    <Button icon={<PrinterOutlined />} disabled={disabled} onClick={() => window.print()} data-testid="report-print">
      {t('report.print.print')}
    </Button>
  );
}
