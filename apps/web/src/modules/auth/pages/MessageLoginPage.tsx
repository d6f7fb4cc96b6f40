import { authContract, PhoneSchema } from '@boreline/contracts';
import { Button, Form, Input, Space } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { call } from '../../../core/api/client.js';
import { showApiError, zodRule } from '../../../core/forms.js';
import { notify } from '../../../core/notify.js';
import { newCaptchaState, startSession } from '../api.js';
import { AuthFrame } from '../components/AuthFrame.js';
import { ImageCaptcha } from '../components/ImageCaptcha.js';
import { afterSignIn } from '../../../app/afterSignIn.js';

interface MessageLoginForm {
  mobile: string;
  captcha: string;
  code: string;
}

/** Sign-in with a code sent by SMS (login v3); asking for a code needs the image captcha. */
export function MessageLoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [form] = Form.useForm<MessageLoginForm>();
  const [state, setState] = useState(newCaptchaState);
  const [wait, setWait] = useState(0);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (wait <= 0) return;
    const timer = setTimeout(() => setWait((w) => w - 1), 1000);
    return () => clearTimeout(timer);
  }, [wait]);

  const refresh = () => {
    setState(newCaptchaState());
    form.setFieldValue('captcha', '');
  };

  const sendCode = async () => {
    try {
      const { mobile, captcha } = await form.validateFields(['mobile', 'captcha']);
      const answer = await call(authContract.mobileCode, { mobile, state, captcha });
      notify.show('success', t('account.messageLogin.sent'));
      setWait(answer.resendAfterSeconds);
    } catch (error) {
      if (error && typeof error === 'object' && 'errorFields' in error) return;
      showApiError(error, form);
    } finally {
      refresh();
    }
  };

  const submit = async (values: MessageLoginForm) => {
    setBusy(true);
    try {
      const result = await call(authContract.loginV3, { mobile: values.mobile, code: values.code });
      startSession(result, { fromMessage: true });
      void navigate(afterSignIn(), { replace: true });
    } catch (error) {
      showApiError(error, form);
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthFrame title={t('account.messageLogin.title')}>
      <Form form={form} layout="vertical" onFinish={(v) => void submit(v)} requiredMark={false}>
        <Form.Item name="mobile" label={t('account.messageLogin.mobile')} rules={[zodRule(PhoneSchema, t)]}>
          <Input autoComplete="tel" inputMode="numeric" autoFocus />
        </Form.Item>
        <Form.Item name="captcha" label={t('account.login.captcha')} rules={[{ required: true, message: t('validation.required') }]}>
          <ImageCaptcha state={state} onRefresh={refresh} />
        </Form.Item>
        <Form.Item label={t('account.messageLogin.code')} required>
          <Space.Compact style={{ width: '100%' }}>
            <Form.Item name="code" noStyle rules={[{ pattern: /^\d{6}$/, required: true, message: t('validation.mobileCode') }]}>
              <Input autoComplete="one-time-code" inputMode="numeric" maxLength={6} />
            </Form.Item>
            <Button onClick={() => void sendCode()} disabled={wait > 0}>
              {wait > 0 ? t('account.messageLogin.resendIn', { seconds: wait }) : t('account.messageLogin.send')}
            </Button>
          </Space.Compact>
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={busy}>
          {t('account.login.submit')}
        </Button>
        <Space style={{ marginTop: 16, justifyContent: 'space-between', width: '100%' }}>
          <Link to="/login">{t('account.login.toPasswordLogin')}</Link>
          <Link to="/privacy">{t('account.login.privacy')}</Link>
        </Space>
      </Form>
    </AuthFrame>
  );
}
