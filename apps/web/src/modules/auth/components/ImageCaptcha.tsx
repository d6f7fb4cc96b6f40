import { ReloadOutlined } from '@ant-design/icons';
import { Button, Input, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { captchaImageUrl } from '../api.js';

/** The image of an image captcha and its answer field; clicking the image draws a new one. */
export function ImageCaptcha(props: {
  state: string;
  onRefresh: () => void;
  value?: string;
  onChange?: (value: string) => void;
  id?: string;
}) {
  const { t } = useTranslation();
  return (
    <Space.Compact style={{ width: '100%' }}>
      <Input
        id={props.id}
        value={props.value}
        onChange={(e) => props.onChange?.(e.target.value)}
        placeholder={t('account.login.captchaPlaceholder')}
        autoComplete="off"
        maxLength={8}
        data-testid="captcha-input"
      />
      <img
        src={captchaImageUrl(props.state)}
        alt={t('account.login.captcha')}
        width={120}
        height={40}
        style={{ cursor: 'pointer', border: '1px solid #d9d9d9', borderLeft: 0, background: '#f4f6f8' }}
        onClick={props.onRefresh}
        data-testid="captcha-image"
      />
      <Button icon={<ReloadOutlined />} onClick={props.onRefresh} aria-label={t('account.login.refreshCaptcha')} style={{ height: 40 }} />
    </Space.Compact>
  );
}
