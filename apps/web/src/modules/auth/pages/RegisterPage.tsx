import { authContract, EmailSchema, LIMITS, nameSchema, PasswordSchema, PhoneSchema } from '@boreline/contracts';
import { Button, Checkbox, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ApiError, call } from '../../../core/api/client.js';
import { showApiError, zodRule } from '../../../core/forms.js';
import { notify } from '../../../core/notify.js';
import { newCaptchaState } from '../api.js';
import { AuthFrame } from '../components/AuthFrame.js';
import { ImageCaptcha } from '../components/ImageCaptcha.js';

interface RegisterForm {
  phone: string;
  nickname: string;
  email: string;
  newPassword: string;
  confirmPassword: string;
  acceptPrivacy: boolean;
  confirmAdult: boolean;
  captcha: string;
}

const mustBeChecked = (message: string) => ({
  validator: async (_: unknown, value: unknown) => {
    if (value !== true) throw new Error(message);
  },
});

export function RegisterPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [form] = Form.useForm<RegisterForm>();
  const [state, setState] = useState(newCaptchaState);
  const [busy, setBusy] = useState(false);

  const refresh = () => {
    setState(newCaptchaState());
    form.setFieldValue('captcha', '');
  };

  const submit = async (values: RegisterForm) => {
    setBusy(true);
    try {
      await call(authContract.register, { ...values, acceptPrivacy: true, confirmAdult: true, state });
      notify.show('success', t('auth.register.success'));
      void navigate('/login', { replace: true });
    } catch (error) {
      if (error instanceof ApiError) refresh();
      showApiError(error, form);
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthFrame title={t('account.register.title')}>
      <Form form={form} layout="vertical" onFinish={(v) => void submit(v)} requiredMark={false} data-testid="register-form">
        <Form.Item name="phone" label={t('account.register.phone')} rules={[zodRule(PhoneSchema, t)]}>
          <Input autoComplete="tel" inputMode="numeric" autoFocus />
        </Form.Item>
        <Form.Item name="nickname" label={t('account.register.nickname')} rules={[zodRule(nameSchema(LIMITS.nicknameMaxLength), t)]}>
          <Input autoComplete="name" />
        </Form.Item>
        <Form.Item name="email" label={t('account.register.email')} rules={[zodRule(EmailSchema, t)]}>
          <Input autoComplete="email" type="email" />
        </Form.Item>
        <Form.Item name="newPassword" label={t('account.register.password')} rules={[zodRule(PasswordSchema, t)]}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="confirmPassword"
          label={t('account.register.confirmPassword')}
          dependencies={['newPassword']}
          rules={[
            { required: true, message: t('validation.required') },
            ({ getFieldValue }) => ({
              validator: async (_, value: unknown) => {
                if (value && value !== getFieldValue('newPassword')) throw new Error(t('validation.passwordMismatch'));
              },
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item name="captcha" label={t('account.login.captcha')} rules={[{ required: true, message: t('validation.required') }]}>
          <ImageCaptcha state={state} onRefresh={refresh} />
        </Form.Item>
        <Form.Item name="acceptPrivacy" valuePropName="checked" rules={[mustBeChecked(t('validation.privacyRequired'))]}>
          <Checkbox>
            <Link to="/privacy" target="_blank">
              {t('account.register.acceptPrivacy')}
            </Link>
          </Checkbox>
        </Form.Item>
        <Form.Item name="confirmAdult" valuePropName="checked" rules={[mustBeChecked(t('validation.adultRequired'))]}>
          <Checkbox>{t('account.register.confirmAdult')}</Checkbox>
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={busy}>
          {t('account.register.submit')}
        </Button>
        <div style={{ marginTop: 16 }}>
          <Link to="/login">{t('account.register.toLogin')}</Link>
        </div>
      </Form>
    </AuthFrame>
  );
}
