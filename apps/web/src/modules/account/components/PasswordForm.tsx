import { authContract, PasswordSchema } from '@boreline/contracts';
import { Button, Form, Input } from 'antd';
import { useState } from 'react';
import { logout } from '../../../core/logout.js';
import { call } from '../../../core/api/client.js';
import { antdFields, confirmPasswordRule, showApiError, zodRule } from '../../../core/forms.js';
import { notify } from '../../../core/notify.js';
import { useT } from '../../../core/i18n.js';

interface PasswordValues {
  oldPassword: string;
  newPassword: string;
  confirmPassword: string;
}

/** After a change every session ends: the user is told and taken to sign-in shortly (spec §8). */
export const RELOGIN_DELAY_MS = 2_000;

export function PasswordForm() {
  const t = useT();
  const [form] = Form.useForm<PasswordValues>();
  const [busy, setBusy] = useState(false);

  const submit = async (values: PasswordValues) => {
    setBusy(true);
    try {
      await call(authContract.changePassword, values);
      notify.show('success', t('common.notice.reloginSoon'));
      setTimeout(() => void logout({ callServer: false }), RELOGIN_DELAY_MS);
    } catch (error) {
      showApiError(error, antdFields(form));
      setBusy(false);
    }
  };

  return (
    <Form form={form} layout="vertical" style={{ maxWidth: 480 }} onFinish={(v) => void submit(v)} data-testid="password-form">
      <Form.Item name="oldPassword" label={t('account.settings.oldPassword')} rules={[{ required: true, message: t('validation.required') }]}>
        <Input.Password autoComplete="current-password" />
      </Form.Item>
      <Form.Item name="newPassword" label={t('account.settings.newPassword')} rules={[zodRule(PasswordSchema, t)]}>
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        name="confirmPassword"
        label={t('account.settings.confirmPassword')}
        dependencies={['newPassword']}
        rules={[confirmPasswordRule(t)]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={busy}>
        {t('account.settings.changePassword')}
      </Button>
    </Form>
  );
}
