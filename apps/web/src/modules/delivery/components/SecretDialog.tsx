import { CopyOutlined } from '@ant-design/icons';
import { LIMITS, subscriptionContract as c } from '@boreline/contracts';
import { Alert, Button, Input, Modal, Space, Typography } from 'antd';
import { useT } from '../../../core/i18n.js';
import { notify } from '../../../core/notify.js';

/** The header a webhook call carries, as a receiver reads it. */
const SIGNATURE_HEADER = 'X-Boreline-Signature';

/**
 * A webhook's new secret, shown once (the server never answers it again), with a copy button and
 * how a receiver checks that a call came from here.
 */
export function SecretDialog({ secret, onClose }: { secret: string | null; onClose: () => void }) {
  const t = useT();
  const copy = async () => {
    if (!secret) return;
    try {
      await navigator.clipboard.writeText(secret);
      notify.show('success', t('deliveryWeb.secret.copied'));
    } catch {
      notify.show('warning', t('deliveryWeb.secret.copyFailed'));
    }
  };
  return (
    <Modal
      open={secret !== null}
      title={t('deliveryWeb.secret.title')}
      onCancel={onClose}
      onOk={onClose}
      okText={t('deliveryWeb.secret.done')}
      cancelButtonProps={{ style: { display: 'none' } }}
      mask={{ closable: false }}
      destroyOnHidden
      width={600}
      data-testid="secret-dialog"
    >
      <Alert type="warning" showIcon style={{ marginBottom: 12 }} title={t('deliveryWeb.secret.once')} />
      <Space.Compact style={{ width: '100%' }}>
        <Input readOnly value={secret ?? ''} aria-label={t('deliveryWeb.secret.title')} style={{ fontFamily: 'monospace' }} data-testid="secret-value" />
        <Button icon={<CopyOutlined />} onClick={() => void copy()} data-testid="secret-copy">
          {t('deliveryWeb.secret.copy')}
        </Button>
      </Space.Compact>
      <Typography.Paragraph style={{ marginTop: 12 }}>{t('deliveryWeb.secret.verify', { header: SIGNATURE_HEADER })}</Typography.Paragraph>
      <Typography.Paragraph>
        <pre className="delivery-code" data-testid="secret-example">{`${SIGNATURE_HEADER}: sha256=<hex>\n\nexpected = "sha256=" + hex(HMAC_SHA256(secret, raw_body))\nvalid = constant_time_equal(expected, header)`}</pre>
      </Typography.Paragraph>
      <Typography.Paragraph type="secondary">{t('deliveryWeb.secret.payload', { event: c.WebhookPayloadSchema.shape.event.value, days: LIMITS.deliveryLinkTtlMs / 86_400_000 })}</Typography.Paragraph>
    </Modal>
  );
}
