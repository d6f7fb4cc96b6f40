import { authContract, PhoneSchema } from '@boreline/contracts';
import { type FormEvent, useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { call } from '../../../core/api/client.js';
import { SIGNED_IN_START } from '../../../core/config.js';
import { showApiError, zodCheck } from '../../../core/forms.js';
import { notify } from '../../../core/notify.js';
import { Button, Field, TextInput } from '../../../ui/form/controls.js';
import { useForm } from '../../../ui/form/useForm.js';
import { newCaptchaState, startSession } from '../api.js';
import { AuthFrame } from '../components/AuthFrame.js';
import { ImageCaptcha } from '../components/ImageCaptcha.js';
import { useT } from '../../../core/i18n.js';

/** Sign-in with a code sent by SMS (login v3); asking for a code needs the image captcha. */
export function MessageLoginPage() {
  const t = useT();
  const navigate = useNavigate();
  const [state, setState] = useState(newCaptchaState);
  const [wait, setWait] = useState(0);
  const [busy, setBusy] = useState(false);
  const form = useForm(
    { mobile: '', captcha: '', code: '' },
    {
      mobile: zodCheck(PhoneSchema, t),
      captcha: (v) => (v.trim() ? null : t('validation.required')),
      code: (v) => (/^\d{6}$/.test(v.trim()) ? null : t('validation.mobileCode')),
    },
  );

  useEffect(() => {
    if (wait <= 0) return;
    const timer = setTimeout(() => setWait((w) => w - 1), 1000);
    return () => clearTimeout(timer);
  }, [wait]);

  const refresh = () => {
    setState(newCaptchaState());
    form.set('captcha', '');
  };

  const sendCode = async () => {
    if (!form.validate(['mobile', 'captcha'])) return;
    try {
      const answer = await call(authContract.mobileCode, { mobile: form.values.mobile, state, captcha: form.values.captcha });
      notify.show('success', t('account.messageLogin.sent'));
      setWait(answer.resendAfterSeconds);
    } catch (error) {
      showApiError(error, form.setFieldErrors);
    } finally {
      refresh();
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!form.validate(['mobile', 'code'])) return;
    setBusy(true);
    try {
      const result = await call(authContract.loginV3, { mobile: form.values.mobile, code: form.values.code.trim() });
      startSession(result, { fromMessage: true });
      // The start route sends a signed-in user on to their remembered page or their start page.
      void navigate(SIGNED_IN_START, { replace: true });
    } catch (error) {
      showApiError(error, form.setFieldErrors);
      setBusy(false);
    }
  };

  return (
    <AuthFrame title={t('account.messageLogin.title')}>
      <form onSubmit={(e) => void submit(e)} noValidate data-testid="message-login-form">
        <Field id="mobile" label={t('account.messageLogin.mobile')} error={form.errors.mobile}>
          <TextInput id="mobile" value={form.values.mobile} onValue={(v) => form.set('mobile', v)} invalid={!!form.errors.mobile} autoComplete="tel" inputMode="numeric" autoFocus />
        </Field>
        <Field id="captcha" label={t('account.login.captcha')} error={form.errors.captcha}>
          <ImageCaptcha id="captcha" state={state} value={form.values.captcha} onValue={(v) => form.set('captcha', v)} onRefresh={refresh} invalid={!!form.errors.captcha} />
        </Field>
        <Field id="code" label={t('account.messageLogin.code')} error={form.errors.code}>
          <div className="bl-input-group">
            <TextInput id="code" value={form.values.code} onValue={(v) => form.set('code', v)} invalid={!!form.errors.code} autoComplete="one-time-code" inputMode="numeric" maxLength={6} />
            <Button onClick={() => void sendCode()} disabled={wait > 0}>
              {wait > 0 ? t('account.messageLogin.resendIn', { seconds: wait }) : t('account.messageLogin.send')}
            </Button>
          </div>
        </Field>
        <Button type="submit" primary block busy={busy}>
          {t('account.login.submit')}
        </Button>
        <nav className="bl-links">
          <Link to="/login">{t('account.login.toPasswordLogin')}</Link>
          <Link to="/privacy">{t('account.login.privacy')}</Link>
        </nav>
      </form>
    </AuthFrame>
  );
}
