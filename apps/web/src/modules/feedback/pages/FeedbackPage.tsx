import { LIMITS } from '@boreline/contracts';
import { Alert, Card } from 'antd';
import { useState } from 'react';
import { useT } from '../../../core/i18n.js';
import { Field } from '../../../ui/form/controls.js';
import { UploadField, type UploadedFile } from '../../../ui/UploadField.js';
import { uploadScreenshot } from '../api.js';
import { FeedbackForm } from '../components/FeedbackForm.js';

const SCREENSHOT_TYPES = ['jpg', 'jpeg', 'png'] as const;

/** The signed-in feedback form (/fw1/feedback): the reply arrives in the sender's messages. */
export function FeedbackPage() {
  const t = useT();
  const [sent, setSent] = useState<string | null>(null);
  const [round, setRound] = useState(0);
  const [screenshots, setScreenshots] = useState<UploadedFile[]>([]);
  return (
    <Card title={t('shell.menu.feedback')} style={{ maxWidth: 720 }} data-testid="feedback-page">
      {sent ? <Alert type="success" showIcon message={sent} style={{ marginBottom: 16 }} data-testid="feedback-sent" closable onClose={() => setSent(null)} /> : null}
      <p className="bl-muted">{t('feedbackWeb.form.signedInIntro')}</p>
      <FeedbackForm
        key={round}
        screenshotIds={screenshots.map((f) => f.id)}
        onSent={(message) => {
          setSent(message);
          setScreenshots([]);
          setRound((r) => r + 1);
        }}
        extra={
          <Field id="feedback-screenshots" label={t('feedbackWeb.field.screenshots')}>
            <UploadField
              id="feedback-screenshots"
              value={screenshots}
              onChange={setScreenshots}
              types={SCREENSHOT_TYPES}
              maxBytes={LIMITS.feedbackScreenshotMaxBytes}
              maxCount={LIMITS.feedbackScreenshotsMax}
              upload={uploadScreenshot}
            />
          </Field>
        }
      />
    </Card>
  );
}
