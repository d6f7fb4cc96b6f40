import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Form, Input, Select } from 'antd';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { initI18n } from '../core/i18n.js';
import { ListParamsSchema, parseQueryParams, toSearchParams, useQueryParams } from '../core/queryParams.js';
import { QueryForm } from './QueryForm.js';

const FilterSchema = ListParamsSchema.extend({
  keyword: z.string().trim().max(20).optional(),
  state: z.enum(['advance', 'waiting']).optional(),
  tag: z.array(z.string()).default([]),
});

function MachineList() {
  const params = useQueryParams(FilterSchema);
  return (
    <>
      <QueryForm params={params} searchOnChange={['state']}>
        <Form.Item name="keyword">
          <Input placeholder="Name or number" />
        </Form.Item>
        <Form.Item name="state">
          <Select
            aria-label="State"
            allowClear
            style={{ width: 160 }}
            options={[
              { value: 'advance', label: 'Advance' },
              { value: 'waiting', label: 'Waiting' },
            ]}
          />
        </Form.Item>
      </QueryForm>
      <output data-testid="applied">{JSON.stringify(params.values)}</output>
      <button type="button" onClick={() => params.set({ page: params.values.page + 1 })}>
        Next page
      </button>
    </>
  );
}

function renderAt(path: string) {
  const router = createMemoryRouter([{ path: '/machines', element: <MachineList /> }], { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  return router;
}

const SETTLE = { timeout: 5_000 };
const applied = () => JSON.parse(screen.getByTestId('applied').textContent ?? '{}');

describe('filters in the address', { timeout: 20_000 }, () => {
  beforeAll(async () => {
    await initI18n('en_US');
  });

  it('parses an address safely: a bad value falls back to its default, the others stay', () => {
    const values = parseQueryParams(FilterSchema, new URLSearchParams('page=abc&pageSize=50&keyword=S-11&state=sideways&tag=a&tag=b&other=1'));
    expect(values).toEqual({ page: 1, pageSize: 50, keyword: 'S-11', tag: ['a', 'b'] });
    expect(toSearchParams(values, parseQueryParams(FilterSchema, new URLSearchParams())).toString()).toBe('pageSize=50&keyword=S-11&tag=a&tag=b');
  });

  it('shows the filters of a shared link in the form', async () => {
    renderAt('/machines?keyword=S-11&page=3');
    await waitFor(() => expect(screen.getByPlaceholderText<HTMLInputElement>('Name or number').value).toBe('S-11'), SETTLE);
    expect(applied()).toMatchObject({ keyword: 'S-11', page: 3 });
  });

  it('writes a search to the address on Enter, starting again at page 1, and empties it on reset', async () => {
    const router = renderAt('/machines?page=4');
    const field = screen.getByPlaceholderText('Name or number');
    await userEvent.type(field, 'Milano{Enter}');
    await waitFor(() => expect(router.state.location.search).toBe('?keyword=Milano'), SETTLE);
    await waitFor(() => expect(applied()).toMatchObject({ keyword: 'Milano', page: 1 }), SETTLE);

    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({ keyword: 'Milano', page: '2' });

    await userEvent.click(screen.getByRole('button', { name: /Reset/ }));
    await waitFor(() => expect(router.state.location.search).toBe(''), SETTLE);
    await waitFor(() => expect(screen.getByPlaceholderText<HTMLInputElement>('Name or number').value).toBe(''), SETTLE);
  });

  it('searches at once when a choice marked so changes, and follows the back button', async () => {
    const router = renderAt('/machines');
    await userEvent.click(screen.getByRole('combobox', { name: 'State' }));
    await userEvent.click(await screen.findByTitle('Waiting'));
    await waitFor(() => expect(router.state.location.search).toBe('?state=waiting'), SETTLE);
    await router.navigate(-1);
    await waitFor(() => expect(applied()).not.toHaveProperty('state'), SETTLE);
  });
});
