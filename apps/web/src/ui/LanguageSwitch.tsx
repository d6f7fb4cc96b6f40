import { type Language, LANGUAGES } from '@boreline/contracts';

/** A native language picker (light enough for the sign-in pages); names in their own language. */
export function LanguageSwitch(props: { value: Language; names: Record<Language, string>; onChange: (language: Language) => void; label: string }) {
  return (
    <select
      aria-label={props.label}
      data-testid="language-select"
      value={props.value}
      onChange={(e) => props.onChange(LANGUAGES.find((l) => l === e.target.value) ?? props.value)}
      style={{ minWidth: 180, height: 32, borderRadius: 6, border: '1px solid #d9d9d9', padding: '0 8px', background: '#fff' }}
    >
      {LANGUAGES.map((l) => (
        <option key={l} value={l}>
          {props.names[l]}
        </option>
      ))}
    </select>
  );
}
