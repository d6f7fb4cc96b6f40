import { useEffect, useRef } from 'react';
import { MESSAGE_Z_INDEX, type MessageKind, useNotifications } from '../core/notify.js';
import './notifications.css';

const ICONS: Record<MessageKind, string> = { success: '✓', info: 'i', warning: '!', error: '×' };

/** Draws the one current message (top centre) and the blocking dialog, above everything else. */
export function Notifications() {
  const message = useNotifications((s) => s.message);
  const dialog = useNotifications((s) => s.dialog);
  const ok = useRef<HTMLButtonElement>(null);
  useEffect(() => ok.current?.focus(), [dialog]);
  return (
    <>
      {message ? (
        <div className={`bl-toast bl-toast-${message.kind}`} role={message.kind === 'error' || message.kind === 'warning' ? 'alert' : 'status'} style={{ zIndex: MESSAGE_Z_INDEX }} key={message.id}>
          <span className="bl-toast-icon" aria-hidden="true">
            {ICONS[message.kind]}
          </span>
          {message.text}
        </div>
      ) : null}
      {dialog ? (
        <div className="bl-dialog-mask" style={{ zIndex: MESSAGE_Z_INDEX + 1 }}>
          <div className="bl-dialog" role="dialog" aria-modal="true" aria-labelledby="bl-dialog-title">
            <h2 id="bl-dialog-title">{dialog.title}</h2>
            <p>{dialog.text}</p>
            <button type="button" ref={ok} className="bl-button bl-button-primary" onClick={dialog.close}>
              {dialog.okText}
            </button>
          </div>
        </div>
      ) : null}
    </>
  );
}
