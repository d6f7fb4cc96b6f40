import { authContract, RESULT_CODE } from '@boreline/contracts';
import { Button, Form, Input, Segmented, Space } from 'antd';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { afterSignIn } from '../../../app/afterSignIn.js';
import { ApiError, call } from '../../../core/api/client.js';
import { showApiError, zodRule } from '../../../core/forms.js';
import { newCaptchaState, startSession } from '../api.js';
import { AuthFrame } from '../components/AuthFrame.js';
import { ImageCaptcha } from '../components/ImageCaptcha.js';
import { SlidePuzzle } from '../components/SlidePuzzle.js';

interface LoginForm {
  account: string;
  password: string;
  captcha?: string;
}

export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [form] = Form.useForm<LoginForm>();
  const [kind, setKind] = useState<'image' | 'slide'>('image');
  const [state, setState] = useState(newCaptchaState);
  const [slide, setSlide] = useState<{ captchaId: string; slideX: number } | null>(null);
  const [slideKey, setSlideKey] = useState(0);
  const [busy, setBusy] = useState(false);
  const onSlide = useCallback((answer: { captchaId: string; slideX: number } | null) => setSlide(answer), []);

  const refresh = () => {
    setState(newCaptchaState());
    setSlideKey((k) => k + 1);
    form.setFieldValue('captcha', '');
  };

  const submit = async (values: LoginForm) => {
    if (kind === 'slide' && !slide) return;
    setBusy(true);
    try {
      const result =
        kind === 'image'
          ? await call(authContract.loginV1, { account: values.account, password: values.password, state, captcha: values.captcha ?? '' })
          : await call(authContract.loginV2, { account: values.account, password: values.password, captchaId: slide?.captchaId ?? '', slideX: slide?.slideX ?? 0 });
      startSession(result, { fromMessage: false });
      void navigate(afterSignIn(), { replace: true });
    } catch (error) {
      if (error instanceof ApiError && error.code === RESULT_CODE.business) refresh();
      showApiError(error, form);
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthFrame title={t('account.login.title')}>
      <p style={{ marginTop: 0, color: '#5c6b7a' }}>{t('account.login.subtitle')}</p>
      <Form form={form} layout="vertical" onFinish={(v) => void submit(v)} requiredMark={false} data-testid="login-form">
        <Form.Item name="account" label={t('account.login.account')} rules={[zodRule(authContract.AccountSchema, t)]}>
          <Input autoComplete="username" placeholder={t('account.login.accountPlaceholder')} autoFocus />
        </Form.Item>
        <Form.Item name="password" label={t('account.login.password')} rules={[{ required: true, message: t('validation.required') }]}>
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Form.Item label={t('account.login.captchaKind')}>
          <Segmented
            value={kind}
            onChange={(v) => setKind(v === 'slide' ? 'slide' : 'image')}
            options={[
              { value: 'image', label: t('account.login.kindImage') },
              { value: 'slide', label: t('account.login.kindSlide') },
            ]}
          />
        </Form.Item>
        {kind === 'image' ? (
          <Form.Item name="captcha" label={t('account.login.captcha')} rules={[{ required: true, message: t('validation.required') }]}>
            <ImageCaptcha state={state} onRefresh={refresh} />
          </Form.Item>
        ) : (
          <Form.Item>
            <SlidePuzzle refreshKey={slideKey} onChange={onSlide} />
          </Form.Item>
        )}
        <Button type="primary" htmlType="submit" block loading={busy} disabled={kind === 'slide' && !slide}>
          {t('account.login.submit')}
        </Button>
        <Space style={{ marginTop: 16, justifyContent: 'space-between', width: '100%' }} wrap>
          <Link to="/msglogin">{t('account.login.toMessageLogin')}</Link>
          <Link to="/register">{t('account.login.toRegister')}</Link>
          <Link to="/privacy">{t('account.login.privacy')}</Link>
        </Space>
      </Form>
    </AuthFrame>
  );
}
