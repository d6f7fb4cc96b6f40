import { authContract, EmailSchema, LIMITS, nameSchema, PasswordSchema, PhoneSchema } from '@boreline/contracts';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ApiError, call } from '../../../core/api/client.js';
import { showApiError, zodCheck } from '../../../core/forms.js';
import { notify } from '../../../core/notify.js';
import { Button, Checkbox, Field, PasswordInput, TextInput } from '../../../ui/form/controls.js';
import { useForm } from '../../../ui/form/useForm.js';
import { newCaptchaState } from '../api.js';
import { AuthFrame } from '../components/AuthFrame.js';
import { ImageCaptcha } from '../components/ImageCaptcha.js';
import { useT } from '../../../core/i18n.js';

const NICKNAME = nameSchema(LIMITS.nicknameMaxLength);

type RegisterValues = {
  phone: string;
  nickname: string;
  email: string;
  newPassword: string;
  confirmPassword: string;
  captcha: string;
  acceptPrivacy: boolean;
  confirmAdult: boolean;
};
const EMPTY: RegisterValues = {
  phone: '',
  nickname: '',
  email: '',
  newPassword: '',
  confirmPassword: '',
  captcha: '',
  acceptPrivacy: false,
  confirmAdult: false,
};

/** Registration: both passwords must match; the privacy consent and the 18+ rule are required. */
export function RegisterPage() {
  const t = useT();
  const navigate = useNavigate();
  const [state, setState] = useState(newCaptchaState);
  const [busy, setBusy] = useState(false);
  const form = useForm(EMPTY, {
      phone: zodCheck(PhoneSchema, t),
      nickname: zodCheck(NICKNAME, t),
      email: zodCheck(EmailSchema, t),
      newPassword: zodCheck(PasswordSchema, t),
      confirmPassword: (v, all) => (!v ? t('validation.required') : v !== all.newPassword ? t('validation.passwordMismatch') : null),
      captcha: (v) => (v.trim() ? null : t('validation.required')),
      acceptPrivacy: (v) => (v ? null : t('validation.privacyRequired')),
      confirmAdult: (v) => (v ? null : t('validation.adultRequired')),
  });

  const refresh = () => {
    setState(newCaptchaState());
    form.set('captcha', '');
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!form.validate()) return;
    setBusy(true);
    const v = form.values;
    try {
      await call(authContract.register, {
        phone: v.phone,
        nickname: v.nickname,
        email: v.email,
        newPassword: v.newPassword,
        confirmPassword: v.confirmPassword,
        acceptPrivacy: true,
        confirmAdult: true,
        state,
        captcha: v.captcha,
      });
      notify.show('success', t('auth.register.success'));
      void navigate('/login', { replace: true });
    } catch (error) {
      if (error instanceof ApiError) refresh();
      showApiError(error, form.setFieldErrors);
      setBusy(false);
    }
  };

  const text = (name: 'phone' | 'nickname' | 'email', label: string, extra: { autoComplete: string; inputMode?: 'numeric' | 'email'; type?: string }) => (
    <Field id={name} label={label} error={form.errors[name]}>
      <TextInput id={name} value={form.values[name]} onValue={(v) => form.set(name, v)} invalid={!!form.errors[name]} {...extra} />
    </Field>
  );
  const password = (name: 'newPassword' | 'confirmPassword', label: string) => (
    <Field id={name} label={label} error={form.errors[name]}>
      <PasswordInput
        id={name}
        value={form.values[name]}
        onValue={(v) => form.set(name, v)}
        invalid={!!form.errors[name]}
        autoComplete="new-password"
        showLabel={t('account.login.showPassword')}
        hideLabel={t('account.login.hidePassword')}
      />
    </Field>
  );

  return (
    <AuthFrame title={t('account.register.title')}>
      <form onSubmit={(e) => void submit(e)} noValidate data-testid="register-form">
        {text('phone', t('account.register.phone'), { autoComplete: 'tel', inputMode: 'numeric' })}
        {text('nickname', t('account.register.nickname'), { autoComplete: 'name' })}
        {text('email', t('account.register.email'), { autoComplete: 'email', inputMode: 'email', type: 'email' })}
        {password('newPassword', t('account.register.password'))}
        {password('confirmPassword', t('account.register.confirmPassword'))}
        <Field id="captcha" label={t('account.login.captcha')} error={form.errors.captcha}>
          <ImageCaptcha id="captcha" state={state} value={form.values.captcha} onValue={(v) => form.set('captcha', v)} onRefresh={refresh} invalid={!!form.errors.captcha} />
        </Field>
        <div className="bl-field">
          <Checkbox id="acceptPrivacy" checked={form.values.acceptPrivacy} onChecked={(c) => form.set('acceptPrivacy', c)} invalid={!!form.errors.acceptPrivacy}>
            {t('account.register.acceptPrivacy')} (
            <Link to="/privacy" target="_blank" className="bl-link">
              {t('account.login.privacy')}
            </Link>
            )
          </Checkbox>
          {form.errors.acceptPrivacy ? <div className="bl-error" role="alert">{form.errors.acceptPrivacy}</div> : null}
        </div>
        <div className="bl-field">
          <Checkbox id="confirmAdult" checked={form.values.confirmAdult} onChecked={(c) => form.set('confirmAdult', c)} invalid={!!form.errors.confirmAdult}>
            {t('account.register.confirmAdult')}
          </Checkbox>
          {form.errors.confirmAdult ? <div className="bl-error" role="alert">{form.errors.confirmAdult}</div> : null}
        </div>
        <Button type="submit" primary block busy={busy}>
          {t('account.register.submit')}
        </Button>
        <nav className="bl-links">
          <Link to="/login">{t('account.register.toLogin')}</Link>
        </nav>
      </form>
    </AuthFrame>
  );
}
