import { Select } from 'antd';
import { useMemo } from 'react';
import { zoneOffset } from '../../../../core/format.js';
import { useDictionary } from '../../basicInfoApi.js';

/** Props antd's Form.Item hands to its control. */
interface ControlProps {
  id?: string;
  value?: string;
  onChange?: (value: string) => void;
}

/** A country of the dictionary, named in the reader's language; a country outside it stays shown as saved. */
export function CountrySelect({ id, value, onChange, namer }: ControlProps & { namer: (code: string) => string }) {
  const countries = useDictionary('country');
  const options = useMemo(() => {
    const items = (countries.data ?? []).map((item) => ({ value: item.code, label: item.name }));
    return value && !items.some((o) => o.value === value) ? [{ value, label: namer(value) }, ...items] : items;
  }, [countries.data, value, namer]);
  return (
    <Select id={id} value={value} onChange={onChange} options={options} loading={countries.isLoading} showSearch={{ optionFilterProp: 'label' }} data-testid="country-select" />
  );
}

/** IANA zones the browser knows, each with today's offset; searching finds "Rome" and "+01:00" alike. */
export function TimeZoneSelect({ id, value, onChange }: ControlProps) {
  const options = useMemo(() => {
    const zones = Intl.supportedValuesOf('timeZone');
    const all = value && !zones.includes(value) ? [value, ...zones] : zones;
    const now = Date.now();
    return all.map((zone) => ({ value: zone, label: `${zone} (UTC${zoneOffset(zone, now)})` }));
  }, [value]);
  return <Select id={id} value={value} onChange={onChange} options={options} showSearch={{ optionFilterProp: 'label' }} data-testid="timezone-select" />;
}
