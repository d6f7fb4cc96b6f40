import { TextInput } from '../../../ui/form/controls.js';
import { captchaImageUrl } from '../api.js';
import { useT } from '../../../core/i18n.js';

/** The image of an image captcha and its answer field; clicking the image draws a new one. */
export function ImageCaptcha(props: { id: string; state: string; value: string; onValue: (value: string) => void; onRefresh: () => void; invalid?: boolean }) {
  const t = useT();
  return (
    <div className="bl-input-group">
      <TextInput
        id={props.id}
        value={props.value}
        onValue={props.onValue}
        invalid={props.invalid}
        placeholder={t('account.login.captchaPlaceholder')}
        autoComplete="off"
        maxLength={8}
        data-testid="captcha-input"
      />
      <button type="button" onClick={props.onRefresh} title={t('account.login.refreshCaptcha')} style={{ padding: 0, border: 0, background: 'none' }}>
        <img className="bl-captcha-image" src={captchaImageUrl(props.state)} alt={t('account.login.captcha')} width={120} height={36} data-testid="captcha-image" />
      </button>
    </div>
  );
}
