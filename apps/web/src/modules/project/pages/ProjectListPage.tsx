import { Card, Input, Result, Select, Space } from 'antd';
import { useState } from 'react';
import { useRouteHandle } from '../../../core/routing.js';
import { useFormat } from '../../../core/format.js';
import { type RunFilter, useCountries, useEnterRun, useRunList, useTbmCodes } from '../api.js';
import { ProjectTable } from '../components/ProjectTable.js';
import { useT } from '../../../core/i18n.js';

/**
 * The project list (spec §2 /fw0/stsRun and its variants, and "enter system" /fw0/dp): every run
 * the user may see with its progress, rates and state, filtered by machine, country and name.
 */
export function ProjectListPage() {
  const t = useT();
  const f = useFormat();
  const handle = useRouteHandle();
  const [filter, setFilter] = useState<RunFilter>({});
  const list = useRunList(filter);
  const tbmCodes = useTbmCodes();
  const countries = useCountries();
  const { enter, entering } = useEnterRun();
  const filtered = Boolean(filter.tbmCode || filter.country || filter.projectName);
  const noProject = !filtered && list.data?.length === 0;
  const change = (patch: RunFilter) => setFilter((current) => ({ ...current, ...patch }));

  return (
    <Card
      title={t(handle?.title ?? 'shell.menu.projectList')}
      extra={
        noProject ? null : (
          <Space wrap>
            <Select
              aria-label={t('project.list.tbmCode')}
              data-testid="filter-tbm"
              allowClear
              showSearch
              style={{ width: 190 }}
              popupMatchSelectWidth={false}
              placeholder={t('project.list.allTbms')}
              loading={tbmCodes.isLoading}
              value={filter.tbmCode}
              options={(tbmCodes.data ?? []).map((code) => ({ value: code, label: code }))}
              onChange={(tbmCode?: string) => change({ tbmCode })}
            />
            <Select
              aria-label={t('project.list.country')}
              data-testid="filter-country"
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              style={{ width: 170 }}
              placeholder={t('project.list.allCountries')}
              loading={countries.isLoading}
              value={filter.country}
              options={(countries.data ?? []).map((code) => ({ value: code, label: f.country(code) }))}
              onChange={(country?: string) => change({ country })}
            />
            <Input.Search
              aria-label={t('project.list.projectName')}
              data-testid="filter-name"
              allowClear
              style={{ width: 240 }}
              placeholder={t('project.list.searchProject')}
              onSearch={(value) => change({ projectName: value.trim() || undefined })}
            />
          </Space>
        )
      }
    >
      {noProject ? (
        <Result status="info" title={t('common.error.noProject')} data-testid="no-project" />
      ) : (
        <ProjectTable rows={list.data ?? []} loading={list.isLoading} entering={entering} onEnter={(runId) => void enter(runId)} />
      )}
    </Card>
  );
}
