import { type InputHTMLAttributes, type ReactNode, useState } from 'react';
import './form.css';

/** A labelled field with its error underneath, tied together for screen readers. */
export function Field(props: { id: string; label: ReactNode; error?: string | undefined; children: ReactNode }) {
  return (
    <div className="bl-field">
      <label className="bl-label" htmlFor={props.id}>
        {props.label}
      </label>
      {props.children}
      {props.error ? (
        <div className="bl-error" id={`${props.id}-error`} role="alert">
          {props.error}
        </div>
      ) : null}
    </div>
  );
}

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> & {
  id: string;
  value: string;
  onValue: (value: string) => void;
  invalid?: boolean;
};

export function TextInput({ onValue, invalid, ...rest }: InputProps) {
  return (
    <input
      {...rest}
      className="bl-input"
      aria-invalid={invalid ? true : undefined}
      aria-describedby={invalid ? `${rest.id}-error` : undefined}
      onChange={(e) => onValue(e.target.value)}
    />
  );
}

/** A password input with a show/hide toggle. */
export function PasswordInput(props: InputProps & { showLabel: string; hideLabel: string }) {
  const { showLabel, hideLabel, ...input } = props;
  const [visible, setVisible] = useState(false);
  return (
    <div className="bl-password">
      <TextInput {...input} type={visible ? 'text' : 'password'} />
      <button type="button" onClick={() => setVisible((v) => !v)} aria-pressed={visible}>
        {visible ? hideLabel : showLabel}
      </button>
    </div>
  );
}

export function Checkbox(props: { id: string; checked: boolean; onChecked: (checked: boolean) => void; children: ReactNode; invalid?: boolean }) {
  return (
    <label className="bl-check" htmlFor={props.id}>
      <input
        id={props.id}
        type="checkbox"
        checked={props.checked}
        aria-invalid={props.invalid ? true : undefined}
        onChange={(e) => props.onChecked(e.target.checked)}
      />
      <span>{props.children}</span>
    </label>
  );
}

export function Button(props: {
  children: ReactNode;
  type?: 'button' | 'submit';
  primary?: boolean;
  block?: boolean;
  busy?: boolean;
  disabled?: boolean;
  onClick?: () => void;
  label?: string;
}) {
  const classes = ['bl-button', props.primary ? 'bl-button-primary' : '', props.block ? 'bl-button-block' : ''].filter(Boolean).join(' ');
  return (
    <button
      type={props.type ?? 'button'}
      className={classes}
      disabled={props.disabled || props.busy}
      aria-busy={props.busy ? true : undefined}
      aria-label={props.label}
      onClick={props.onClick}
    >
      {props.busy ? '…' : null}
      {props.children}
    </button>
  );
}

/** Two or more mutually exclusive choices (a radio group), usable with the arrow keys. */
export function Segmented<T extends string>(props: { label: string; value: T; options: { value: T; label: string }[]; onChange: (value: T) => void }) {
  const move = (step: number) => {
    const index = props.options.findIndex((o) => o.value === props.value);
    const next = props.options[(index + step + props.options.length) % props.options.length];
    if (next) props.onChange(next.value);
  };
  return (
    <div className="bl-segmented" role="radiogroup" aria-label={props.label}>
      {props.options.map((o) => (
        <button
          key={o.value}
          type="button"
          role="radio"
          aria-checked={o.value === props.value}
          tabIndex={o.value === props.value ? 0 : -1}
          onClick={() => props.onChange(o.value)}
          onKeyDown={(e) => {
            if (e.key === 'ArrowRight' || e.key === 'ArrowDown') move(1);
            if (e.key === 'ArrowLeft' || e.key === 'ArrowUp') move(-1);
          }}
        >
          {o.label}
        </button>
      ))}
    </div>
  );
}
