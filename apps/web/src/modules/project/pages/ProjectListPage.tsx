import { PlusOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Card, Input, Result, Select, Space } from 'antd';
import { useState } from 'react';
import { canUse, useFramework } from '../../../core/session.js';
import { useRouteHandle } from '../../../core/routing.js';
import { useFormat } from '../../../core/format.js';
import { type RunFilter, useCountries, useEnterRun, useRunList, useTbmCodes } from '../api.js';
import { ProjectTable } from '../components/ProjectTable.js';
import { RunActions } from '../components/runAdmin/RunActions.js';
import { type RunDialog, RunFormDialog } from '../components/runAdmin/RunFormDialog.js';
import { RUN_ADMIN_INVALIDATES, useRunAdminStates, useRunLifecycle, useRunOrgOptions } from '../runAdminApi.js';
import { call } from '../../../core/api/client.js';
import { runAdminContract } from '@boreline/contracts';
import { showApiError } from '../../../core/forms.js';
import { useT } from '../../../core/i18n.js';

/**
 * The project list (spec §2 /fw0/stsRun and its variants, and "enter system" /fw0/dp): every run
 * the user may see with its progress, rates and state, filtered by machine, country and name. An
 * administrator creates projects here and edits, finishes, reopens or deletes them row by row.
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
  const client = useQueryClient();
  const canWrite = useFramework((state) => canUse(state, 'project.run.write'));
  const canDelete = useFramework((state) => canUse(state, 'project.run.delete'));
  const states = useRunAdminStates(canWrite || canDelete);
  const orgs = useRunOrgOptions(canWrite);
  const lifecycle = useRunLifecycle();
  const [dialog, setDialog] = useState<RunDialog>(null);
  const refresh = () => Promise.all(RUN_ADMIN_INVALIDATES.map((queryKey) => client.invalidateQueries({ queryKey })));
  const openEdit = async (runId: number) => {
    try {
      setDialog({ kind: 'edit', run: await call(runAdminContract.runDetail, { runId }) });
    } catch (error) {
      showApiError(error);
    }
  };
  const stateOf = new Map((states.data ?? []).map((state) => [state.runId, state]));
  const addButton = canWrite ? (
    <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog({ kind: 'add' })} data-testid="run-add">
      {t('runAdmin.action.add')}
    </Button>
  ) : null;

  return (
    <Card
      title={t(handle?.title ?? 'shell.menu.projectList')}
      extra={
        noProject ? addButton : (
          <Space wrap>
            {addButton}
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
        <ProjectTable
          rows={list.data ?? []}
          loading={list.isLoading}
          entering={entering}
          onEnter={(runId) => void enter(runId)}
          actions={
            canWrite || canDelete
              ? (row) => {
                  const state = stateOf.get(row.runId);
                  return state ? (
                    <RunActions
                      runId={row.runId}
                      projectName={row.projectName}
                      state={state}
                      onEdit={(runId) => void openEdit(runId)}
                      onFinish={(runId) => lifecycle.finish.mutateAsync(runId)}
                      onReopen={(runId) => lifecycle.reopen.mutateAsync(runId)}
                      onDelete={(runId) => lifecycle.remove.mutateAsync(runId)}
                    />
                  ) : null;
                }
              : undefined
          }
        />
      )}
      <RunFormDialog dialog={dialog} orgs={orgs.data ?? []} onSaved={refresh} onClose={() => setDialog(null)} />
    </Card>
  );
}
