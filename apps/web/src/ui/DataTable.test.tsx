import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../core/i18n.js';
import type { TableState } from '../core/queryParams.js';
import { DataTable, type DataTableColumn, type TableSource } from './DataTable.js';

interface Machine {
  id: number;
  name: string;
}

const COLUMNS: DataTableColumn<Machine>[] = [
  { key: 'name', title: 'Name', dataIndex: 'name', sortable: true },
  { key: 'id', title: 'Number', dataIndex: 'id' },
];

const source = (overrides: Partial<TableSource<Machine>>): TableSource<Machine> => ({
  data: undefined,
  isPending: false,
  error: null,
  refetch: () => undefined,
  ...overrides,
});

const MACHINES: Machine[] = Array.from({ length: 45 }, (_, i) => ({ id: i + 1, name: `TBM ${String(i + 1).padStart(2, '0')}` }));

/** A server-paged list: the page asks `fetchPage` with the table's state, as a list screen asks its endpoint. */
function PagedList({ fetchPage }: { fetchPage: (state: TableState) => Promise<{ records: Machine[]; total: number }> }) {
  const [state, setState] = useState<TableState>({ page: 1, pageSize: 20, sort: null });
  const query = useQuery({ queryKey: ['machines', state], queryFn: () => fetchPage(state) });
  return <DataTable source={query} columns={COLUMNS} rowKey="id" state={state} onStateChange={setState} data-testid="machines" />;
}

function renderWithClient(node: React.ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(<QueryClientProvider client={client}>{node}</QueryClientProvider>);
}

describe('DataTable', { timeout: 20_000 }, () => {
  beforeAll(async () => {
    await initI18n('en_US');
  });

  it('says when the list is empty, and shows no such text while loading', () => {
    const { rerender, container } = render(<DataTable source={source({ isPending: true })} columns={COLUMNS} rowKey="id" />);
    expect(screen.queryByText('No data')).toBeNull();
    expect(container.querySelector('.ant-spin-spinning')).not.toBeNull();
    rerender(<DataTable source={source({ data: { records: [], total: 0 } })} columns={COLUMNS} rowKey="id" emptyText="No machines yet" />);
    expect(screen.getByText('No machines yet')).toBeTruthy();
    expect(container.querySelector('.ant-spin-spinning')).toBeNull();
  });

  it('says a failed load with the server’s message and tries again on request', async () => {
    const refetch = vi.fn();
    render(<DataTable source={source({ error: new Error('Network or server error'), refetch })} columns={COLUMNS} rowKey="id" />);
    expect(screen.getByText('The list could not be loaded')).toBeTruthy();
    expect(screen.getByText('Network or server error')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: /Try again/ }));
    expect(refetch).toHaveBeenCalledTimes(1);
  });

  it('hands page and sort changes to the query, back to page 1 on a new sort', async () => {
    const asked: TableState[] = [];
    const fetchPage = async (state: TableState) => {
      asked.push(state);
      const sorted = state.sort?.order === 'desc' ? [...MACHINES].reverse() : MACHINES;
      const start = (state.page - 1) * state.pageSize;
      return { records: sorted.slice(start, start + state.pageSize), total: MACHINES.length };
    };
    renderWithClient(<PagedList fetchPage={fetchPage} />);
    await screen.findByText('TBM 01');
    expect(screen.getByText('45 in all')).toBeTruthy();

    await userEvent.click(screen.getByTitle('3'));
    await screen.findByText('TBM 41');
    expect(asked.at(-1)).toEqual({ page: 3, pageSize: 20, sort: null });

    // Ascending, then descending: each new order starts again at the first page.
    await userEvent.click(screen.getByText('Name'));
    await waitFor(() => expect(asked.at(-1)).toEqual({ page: 1, pageSize: 20, sort: { field: 'name', order: 'asc' } }));
    await userEvent.click(screen.getByText('Name'));
    await waitFor(() => expect(asked.at(-1)).toEqual({ page: 1, pageSize: 20, sort: { field: 'name', order: 'desc' } }));
    await screen.findByText('TBM 45');
  });

  it('lets rows be chosen, passes its test id on and offers the toolbar’s actions', async () => {
    const chosen = vi.fn();
    render(
      <DataTable
        source={source({ data: MACHINES.slice(0, 3) })}
        columns={COLUMNS}
        rowKey="id"
        selection={{ keys: [], onChange: chosen }}
        toolbar={<button type="button">Delete chosen</button>}
        data-testid="machine-table"
      />,
    );
    const table = screen.getByTestId('machine-table');
    const row = within(table).getByText('TBM 02').closest('tr');
    if (!row) throw new Error('no row');
    await userEvent.click(within(row).getByRole('checkbox'));
    expect(chosen).toHaveBeenLastCalledWith([2]);
    expect(screen.getByRole('button', { name: 'Delete chosen' })).toBeTruthy();
  });
});
