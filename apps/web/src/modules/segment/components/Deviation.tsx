import { QuestionCircleOutlined } from '@ant-design/icons';
import { Tooltip } from 'antd';
import { useT } from '../../../core/i18n.js';

/** A signed value in mm with its sign always written (+12, −8, 0). */
export const signed = (value: number): string => (value > 0 ? `+${value}` : value < 0 ? `−${Math.abs(value)}` : '0');

/** A column title with the sign convention in a tooltip (+ right / above). */
export function SignedTitle({ title, hint }: { title: string; hint: string }) {
  return (
    <span>
      {title}{' '}
      <Tooltip title={hint}>
        <QuestionCircleOutlined aria-label={hint} data-testid="sign-help" />
      </Tooltip>
    </span>
  );
}

/** The sign convention of both deviations, as one line under a table or chart. */
export function SignConvention() {
  const t = useT();
  return <div className="seg-sign-note">{t('segmentWeb.sign.both')}</div>;
}
