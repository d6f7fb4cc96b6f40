import { authContract, RESULT_CODE } from '@boreline/contracts';
import { type FormEvent, Suspense, useCallback, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ApiError, call } from '../../../core/api/client.js';
import { SIGNED_IN_START } from '../../../core/config.js';
import { showApiError, zodCheck } from '../../../core/forms.js';
import { Button, Field, PasswordInput, Segmented, TextInput } from '../../../ui/form/controls.js';
import { useForm } from '../../../ui/form/useForm.js';
import { newCaptchaState, startSession } from '../api.js';
import { AuthFrame } from '../components/AuthFrame.js';
import { ImageCaptcha } from '../components/ImageCaptcha.js';
import { SlidePuzzle } from '../components/SlidePuzzle.js';
import { useT } from '../../../core/i18n.js';
import { FeedbackDialog } from '../../feedback/index.js';

type Kind = 'image' | 'slide';

/** Sign-in with phone or e-mail and password, unlocked by an image captcha or a slide puzzle. */
export function LoginPage() {
  const t = useT();
  const navigate = useNavigate();
  const [kind, setKind] = useState<Kind>('image');
  const [state, setState] = useState(newCaptchaState);
  const [slide, setSlide] = useState<{ captchaId: string; slideX: number } | null>(null);
  const [slideKey, setSlideKey] = useState(0);
  const [busy, setBusy] = useState(false);
  /** Set when the server asked for the slide puzzle (many failures for the account or the network). */
  const [puzzleNote, setPuzzleNote] = useState<string | null>(null);
  /** The open feedback form (spec §2: feedback needs no sign-in). */
  const [feedbackOpen, setFeedbackOpen] = useState(false);
  const onSlide = useCallback((answer: { captchaId: string; slideX: number } | null) => setSlide(answer), []);
  const required = (v: string) => (v.trim() ? null : t('validation.required'));
  const form = useForm(
    { account: '', password: '', captcha: '' },
    {
      account: zodCheck(authContract.AccountSchema, t),
      password: required,
      captcha: (v) => (kind === 'image' ? required(v) : null),
    },
  );

  const refresh = () => {
    setState(newCaptchaState());
    setSlideKey((k) => k + 1);
    form.set('captcha', '');
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!form.validate() || (kind === 'slide' && !slide)) return;
    setBusy(true);
    const { account, password, captcha } = form.values;
    try {
      const result =
        kind === 'image'
          ? await call(authContract.loginV1, { account, password, state, captcha })
          : await call(authContract.loginV2, { account, password, captchaId: slide?.captchaId ?? '', slideX: slide?.slideX ?? 0 });
      startSession(result, { fromMessage: false });
      // The start route sends a signed-in user on to their remembered page or their start page.
      void navigate(SIGNED_IN_START, { replace: true });
    } catch (error) {
      if (error instanceof ApiError && error.code === RESULT_CODE.business) refresh();
      if (error instanceof ApiError && authContract.PuzzleRequiredSchema.safeParse(error.data).success) {
        setKind('slide');
        setPuzzleNote(error.message);
      }
      showApiError(error, form.setFieldErrors);
      setBusy(false);
    }
  };

  return (
    <AuthFrame title={t('account.login.title')}>
      <p className="bl-muted" style={{ marginTop: 0 }}>
        {t('account.login.subtitle')}
      </p>
      <form onSubmit={(e) => void submit(e)} noValidate data-testid="login-form">
        <Field id="account" label={t('account.login.account')} error={form.errors.account}>
          <TextInput
            id="account"
            value={form.values.account}
            onValue={(v) => form.set('account', v)}
            invalid={!!form.errors.account}
            autoComplete="username"
            placeholder={t('account.login.accountPlaceholder')}
            autoFocus
          />
        </Field>
        <Field id="password" label={t('account.login.password')} error={form.errors.password}>
          <PasswordInput
            id="password"
            value={form.values.password}
            onValue={(v) => form.set('password', v)}
            invalid={!!form.errors.password}
            autoComplete="current-password"
            showLabel={t('account.login.showPassword')}
            hideLabel={t('account.login.hidePassword')}
          />
        </Field>
        <div className="bl-field">
          <Segmented<Kind>
            label={t('account.login.captchaKind')}
            value={kind}
            onChange={setKind}
            options={[
              { value: 'image', label: t('account.login.kindImage') },
              { value: 'slide', label: t('account.login.kindSlide') },
            ]}
          />
        </div>
        {kind === 'image' ? (
          <Field id="captcha" label={t('account.login.captcha')} error={form.errors.captcha}>
            <ImageCaptcha id="captcha" state={state} value={form.values.captcha} onValue={(v) => form.set('captcha', v)} onRefresh={refresh} invalid={!!form.errors.captcha} />
          </Field>
        ) : (
          <div className="bl-field">
            {puzzleNote && (
              <p role="alert" className="bl-muted" data-testid="puzzle-required">
                {puzzleNote}
              </p>
            )}
            <SlidePuzzle refreshKey={slideKey} onChange={onSlide} />
          </div>
        )}
        <Button type="submit" primary block busy={busy} disabled={kind === 'slide' && !slide}>
          {t('account.login.submit')}
        </Button>
        <nav className="bl-links">
          <Link to="/msglogin">{t('account.login.toMessageLogin')}</Link>
          <Link to="/register">{t('account.login.toRegister')}</Link>
          <Link to="/privacy">{t('account.login.privacy')}</Link>
          <button type="button" className="bl-link-button" onClick={() => setFeedbackOpen(true)} data-testid="open-feedback">
            {t('feedbackWeb.form.open')}
          </button>
        </nav>
      </form>
      {feedbackOpen ? (
        <Suspense fallback={null}>
          <FeedbackDialog onClose={() => setFeedbackOpen(false)} />
        </Suspense>
      ) : null}
    </AuthFrame>
  );
}
