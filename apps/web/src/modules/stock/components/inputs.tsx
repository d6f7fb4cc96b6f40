import { DATE_FORMATS } from '@boreline/contracts';
import { AutoComplete, DatePicker, InputNumber } from 'antd';
import dayjs from 'dayjs';

interface LocalDateInputProps {
  value?: string | null;
  onChange?: (value: string | undefined) => void;
  id?: string;
  'aria-label'?: string;
  'data-testid'?: string;
}

/** A calendar day of the project (`YYYY-MM-DD`, as the stock contract takes it) picked in the spec's date format. */
export function LocalDateInput({ value, onChange, id, 'aria-label': label, 'data-testid': testId }: LocalDateInputProps) {
  return (
    <DatePicker
      id={id}
      aria-label={label}
      style={{ width: 160 }}
      format={DATE_FORMATS.date}
      value={value ? dayjs(value) : null}
      onChange={(day) => onChange?.(day ? day.format('YYYY-MM-DD') : undefined)}
      data-testid={testId}
    />
  );
}

interface QuantityInputProps {
  value?: number | null;
  onChange?: (value: number | undefined) => void;
  id?: string;
  width?: number;
  'aria-label'?: string;
  'data-testid'?: string;
}

/** A quantity or warning line: a number with at most three decimals (the contract refuses more). */
export function QuantityInput({ value, onChange, id, width = 120, 'aria-label': label, 'data-testid': testId }: QuantityInputProps) {
  return <InputNumber id={id} aria-label={label} style={{ width }} min={0} value={value ?? null} onChange={(v) => onChange?.(typeof v === 'number' ? v : undefined)} data-testid={testId} />;
}

interface NameInputProps {
  value?: string | null;
  onChange?: (value: string) => void;
  options: readonly string[];
  id?: string;
  width?: number;
  'aria-label'?: string;
  'data-testid'?: string;
}

/** Free text with suggestions (people, units): a name not offered is taken as typed. */
export function SuggestInput({ value, onChange, options, id, width = 220, 'aria-label': label, 'data-testid': testId }: NameInputProps) {
  const typed = (value ?? '').toLowerCase();
  return (
    <AutoComplete
      id={id}
      aria-label={label}
      style={{ width }}
      value={value ?? ''}
      onChange={(v: string) => onChange?.(v)}
      options={options.filter((name) => name.toLowerCase().includes(typed)).map((name) => ({ value: name }))}
      data-testid={testId}
    />
  );
}
