import { BulbOutlined, InfoCircleOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Empty, Result, Skeleton, Tag, Typography } from 'antd';
import { useState } from 'react';
import i18next from 'i18next';
import { useT } from '../../../core/i18n.js';
import type { Advice } from '../api.js';

/** A text of the server: its key in the reader's language when it is one, else as written (already in the reader's language). */
function serverText(text: string): string {
  return i18next.exists(text) ? i18next.t(text) : text;
}

const mm = (value: number) => `${Math.round(value)} mm`;

/** Options shown before "show all": the ring builder picks among the first few. */
export const ADVISOR_TOP = 3;

/**
 * The next-ring advisor beside the clearance chart: for the next ring, the key-block positions ranked
 * by the clearance and stroke balance each is expected to give, with the reasons. It is advice
 * beside the guidance system, and says so.
 */
export function AdvisorPanel({ advice, loading, error }: { advice: Advice | undefined; loading: boolean; error: unknown }) {
  const t = useT();
  const [all, setAll] = useState(false);
  const title = (
    <span>
      <BulbOutlined /> {advice?.ringNo !== null && advice?.ringNo !== undefined ? t('segmentWeb.advisor.titleRing', { ring: advice.ringNo }) : t('segmentWeb.advisor.title')}
    </span>
  );
  let body;
  if (loading) body = <Skeleton active paragraph={{ rows: 6 }} />;
  else if (!advice) body = <Result status="warning" title={error instanceof Error && error.message ? error.message : t('common.error.noData')} />;
  else if (advice.options.length === 0) body = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('segmentWeb.advisor.noBasis')} data-testid="advisor-empty" />;
  else
    body = (
      <>
        {advice.basis ? (
          <Typography.Paragraph type="secondary" data-testid="advisor-basis">
            {t('segmentWeb.advisor.basis', { ring: advice.basis.ringNo, up: mm(advice.basis.clearance.up), down: mm(advice.basis.clearance.down), left: mm(advice.basis.clearance.left), right: mm(advice.basis.clearance.right) })}
          </Typography.Paragraph>
        ) : null}
        <ol className="seg-advice" data-testid="advisor-options" style={{ paddingInlineStart: 20, margin: 0 }}>
          {(all ? advice.options : advice.options.slice(0, ADVISOR_TOP)).map((option, index) => (
            <li key={option.kPosition} className="seg-advice-option" data-testid="advisor-option" data-k={option.kPosition}>
              <div>
                <Tag color={index === 0 ? 'green' : 'default'}>{option.kPosition}</Tag>
                {index === 0 ? <Typography.Text strong>{t('segmentWeb.advisor.best')}</Typography.Text> : null}
              </div>
              <div className="seg-num">
                {t('segmentWeb.advisor.expected', { up: mm(option.expected.up), down: mm(option.expected.down), left: mm(option.expected.left), right: mm(option.expected.right) })}
              </div>
              {option.expectedStrokeSpread !== null ? <div className="seg-num">{t('segmentWeb.advisor.strokeSpread', { spread: mm(option.expectedStrokeSpread) })}</div> : null}
              {option.reasons.length > 0 ? (
                <ul style={{ margin: '4px 0 0', paddingInlineStart: 18 }}>
                  {option.reasons.map((reason) => (
                    <li key={reason}>{serverText(reason)}</li>
                  ))}
                </ul>
              ) : null}
            </li>
          ))}
        </ol>
        {advice.options.length > ADVISOR_TOP ? (
          <Button type="link" size="small" onClick={() => setAll(!all)} data-testid="advisor-all">
            {all ? t('segmentWeb.advisor.showFewer', { count: ADVISOR_TOP }) : t('segmentWeb.advisor.showAll', { count: advice.options.length })}
          </Button>
        ) : null}
        {advice.geometry.assumed ? <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>{t('segmentWeb.advisor.assumedGeometry')}</Typography.Paragraph> : null}
      </>
    );
  return (
    <Card size="small" title={title} data-testid="advisor">
      <Alert type="info" showIcon icon={<InfoCircleOutlined />} style={{ marginBottom: 8 }} title={t('segmentWeb.advisor.disclaimer')} description={advice?.disclaimer ? serverText(advice.disclaimer) : undefined} data-testid="advisor-disclaimer" />
      {body}
    </Card>
  );
}
