import { useEffect, useRef, useState } from 'react';
import { useT } from '../../../core/i18n.js';
import { Button } from '../../../ui/form/controls.js';
import { FeedbackForm } from './FeedbackForm.js';

/**
 * The feedback form in a modal dialog (the native <dialog>: focus kept inside, Escape closes), for
 * the sign-in page: a visitor sends feedback without an account.
 */
export function FeedbackDialog(props: { onClose: () => void }) {
  const t = useT();
  const ref = useRef<HTMLDialogElement>(null);
  const [sent, setSent] = useState<string | null>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) {
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
    }
  }, []);
  return (
    <dialog
      ref={ref}
      aria-labelledby="feedback-dialog-title"
      onCancel={(e) => {
        e.preventDefault();
        props.onClose();
      }}
      style={{ width: 'min(520px, 92vw)', border: 0, borderRadius: 8, padding: 24, boxShadow: '0 8px 32px rgba(0,0,0,.25)' }}
      data-testid="feedback-dialog"
    >
      <h2 id="feedback-dialog-title" style={{ marginTop: 0, fontSize: 18 }}>
        {t('feedbackWeb.form.title')}
      </h2>
      {sent ? (
        <>
          <p role="status" data-testid="feedback-sent">
            {sent}
          </p>
          <Button primary block onClick={props.onClose}>
            {t('feedbackWeb.form.close')}
          </Button>
        </>
      ) : (
        <>
          <p className="bl-muted" style={{ marginTop: 0 }}>
            {t('feedbackWeb.form.intro')}
          </p>
          <FeedbackForm onSent={setSent} autoFocus />
          <div style={{ marginTop: 8 }}>
            <Button block onClick={props.onClose}>
              {t('feedbackWeb.form.cancel')}
            </Button>
          </div>
        </>
      )}
    </dialog>
  );
}
