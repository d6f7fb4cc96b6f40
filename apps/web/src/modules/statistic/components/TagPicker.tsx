import { SUBSYSTEM_NAME_KEYS } from '@boreline/contracts';
import { Select } from 'antd';
import { useMemo } from 'react';
import type { PointGroups } from '../api.js';
import type { NamedTag } from './tags.js';
import { useT } from '../../../core/i18n.js';

export interface TagPickerProps {
  groups: PointGroups | undefined;
  index: Map<string, NamedTag>;
  loading?: boolean;
  /** Set by Form.Item. */
  value?: string[];
  onChange?: (value: string[]) => void;
  id?: string;
  'data-testid'?: string;
}

/**
 * The machine's measured tags grouped by subsystem, searchable by name or code, several at a time.
 * The limit is checked by the form (the contract's rule and text), not by disabling options: the
 * reader sees why an extra tag is refused.
 */
export function TagPicker({ groups, index, loading, value, onChange, id, 'data-testid': testId }: TagPickerProps) {
  const t = useT();
  const options = useMemo(
    () =>
      (groups?.groups ?? [])
        .filter((group) => group.tags.length > 0)
        .map((group) => ({
          label: t(SUBSYSTEM_NAME_KEYS[group.subsystem]),
          title: t(SUBSYSTEM_NAME_KEYS[group.subsystem]),
          options: group.tags.map((tag) => {
            const label = index.get(tag.code)?.label ?? tag.code;
            return { value: tag.code, label: tag.unit ? `${label} (${tag.unit})` : label };
          }),
        })),
    [groups, index, t],
  );
  return (
    <Select
      id={id}
      mode="multiple"
      allowClear
      // Found by its name in the reader's language or by its code (what the machine's documents use).
      showSearch={{ optionFilterProp: ['label', 'value'] }}
      loading={loading}
      options={options}
      value={value}
      onChange={onChange}
      maxTagCount="responsive"
      placeholder={t('statistic.form.tagsPlaceholder')}
      style={{ minWidth: 280, maxWidth: 520 }}
      data-testid={testId}
    />
  );
}
