import { formatDateParts, DATE_FORMATS, PRIVACY_POLICY_UPDATED } from '@boreline/contracts';
import { Card, Typography } from 'antd';
import { Link } from 'react-router';
import { useT } from '../../../core/i18n.js';

const [year, month, day] = PRIVACY_POLICY_UPDATED.split('-').map(Number);
const UPDATED = formatDateParts({ year: year ?? 0, month: month ?? 0, day: day ?? 0, hour: 0, minute: 0, second: 0 }, DATE_FORMATS.date);

export function PrivacyPage() {
  const t = useT();
  const sections = [
    ['account.privacy.dataTitle', 'account.privacy.data'],
    ['account.privacy.purposeTitle', 'account.privacy.purpose'],
    ['account.privacy.ageTitle', 'account.privacy.age'],
    ['account.privacy.retentionTitle', 'account.privacy.retention'],
  ] as const;
  return (
    <div style={{ maxWidth: 800, margin: '32px auto', padding: '0 16px' }}>
      <Card>
        <Typography.Title level={2}>{t('account.privacy.title')}</Typography.Title>
        <Typography.Text type="secondary" data-testid="privacy-updated">
          {t('account.privacy.updated', { date: UPDATED })}
        </Typography.Text>
        <Typography.Paragraph style={{ marginTop: 16 }}>{t('account.privacy.intro')}</Typography.Paragraph>
        {sections.map(([title, text]) => (
          <section key={title}>
            <Typography.Title level={4}>{t(title)}</Typography.Title>
            <Typography.Paragraph>{t(text)}</Typography.Paragraph>
          </section>
        ))}
        <Link to="/login">{t('shell.page.toLogin')}</Link>
      </Card>
    </div>
  );
}
