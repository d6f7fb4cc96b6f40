import { feedbackContract as c, LIMITS, RESULT_CODE } from '@boreline/contracts';
import { type FormEvent, type ReactNode, useState } from 'react';
import { ApiError } from '../../../core/api/client.js';
import { showApiError, zodCheck } from '../../../core/forms.js';
import { useT } from '../../../core/i18n.js';
import { Button, Field, TextInput } from '../../../ui/form/controls.js';
import { useForm } from '../../../ui/form/useForm.js';
import { captchaImageUrl, newCaptchaState, sendFeedback } from '../api.js';

/**
 * The feedback form (spec §5: name, contact and content required) with the image captcha. Used by
 * the signed-in page and the sign-in page's dialog alike; the session, when there is one, travels
 * with the call. `extra` adds fields (the screenshots of a signed-in sender) and `extraInput` their values.
 */
export function FeedbackForm(props: { onSent: (message: string) => void; extra?: ReactNode; screenshotIds?: string[]; autoFocus?: boolean }) {
  const t = useT();
  const [state, setState] = useState(newCaptchaState);
  const [busy, setBusy] = useState(false);
  const form = useForm(
    { name: '', contact: '', content: '', captcha: '' },
    {
      name: zodCheck(c.FeedbackFormSchema.shape.name, t),
      contact: zodCheck(c.FeedbackFormSchema.shape.contact, t),
      content: zodCheck(c.FeedbackFormSchema.shape.content, t),
      captcha: zodCheck(c.FeedbackFormSchema.shape.captcha, t),
    },
  );
  const refresh = () => {
    setState(newCaptchaState());
    form.set('captcha', '');
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!form.validate()) return;
    setBusy(true);
    const { name, contact, content, captcha } = form.values;
    try {
      await sendFeedback({ name, contact, content, state, captcha, ...(props.screenshotIds?.length ? { screenshotIds: props.screenshotIds } : {}) });
      props.onSent(t('feedbackWeb.form.sent'));
    } catch (error) {
      // A captcha answers once: any refusal asks for a new one.
      if (error instanceof ApiError && error.code === RESULT_CODE.business) refresh();
      showApiError(error, form.setFieldErrors);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate data-testid="feedback-form">
      <Field id="feedback-name" label={t('feedbackWeb.field.name')} error={form.errors.name}>
        <TextInput id="feedback-name" value={form.values.name} onValue={(v) => form.set('name', v)} invalid={!!form.errors.name} maxLength={LIMITS.feedbackNameMaxLength} autoComplete="name" autoFocus={props.autoFocus} />
      </Field>
      <Field id="feedback-contact" label={t('feedbackWeb.field.contact')} error={form.errors.contact}>
        <TextInput
          id="feedback-contact"
          value={form.values.contact}
          onValue={(v) => form.set('contact', v)}
          invalid={!!form.errors.contact}
          maxLength={LIMITS.feedbackContactMaxLength}
          placeholder={t('feedbackWeb.form.contactPlaceholder')}
        />
      </Field>
      <Field id="feedback-content" label={t('feedbackWeb.field.content')} error={form.errors.content}>
        <textarea
          id="feedback-content"
          className="bl-input"
          rows={6}
          value={form.values.content}
          maxLength={LIMITS.feedbackContentMaxLength}
          aria-invalid={form.errors.content ? true : undefined}
          aria-describedby={form.errors.content ? 'feedback-content-error' : undefined}
          onChange={(e) => form.set('content', e.target.value)}
          style={{ resize: 'vertical', minHeight: 120 }}
        />
        <div className="bl-muted" style={{ textAlign: 'right', fontSize: 12 }}>
          {form.values.content.length} / {LIMITS.feedbackContentMaxLength}
        </div>
      </Field>
      {props.extra}
      <Field id="feedback-captcha" label={t('feedbackWeb.field.captcha')} error={form.errors.captcha}>
        <div className="bl-input-group">
          <TextInput id="feedback-captcha" value={form.values.captcha} onValue={(v) => form.set('captcha', v)} invalid={!!form.errors.captcha} autoComplete="off" maxLength={8} data-testid="feedback-captcha-input" />
          <button type="button" onClick={refresh} title={t('feedbackWeb.form.refreshCaptcha')} style={{ padding: 0, border: 0, background: 'none' }}>
            <img className="bl-captcha-image" src={captchaImageUrl(state)} alt={t('feedbackWeb.field.captcha')} width={120} height={36} data-testid="feedback-captcha-image" />
          </button>
        </div>
      </Field>
      <Button type="submit" primary block busy={busy}>
        {t('feedbackWeb.form.submit')}
      </Button>
    </form>
  );
}
