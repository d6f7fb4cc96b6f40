import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider } from 'antd';
import { type ReactNode, Suspense, useEffect, useLayoutEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { changeLanguage, useT } from '../../core/i18n.js';
import { PAGE_SESSION_ENDED_EVENT } from '../../core/sessionEnd.js';
import { NotFoundView } from '../system/index.js';
import { exchangeHeldTicket, holdTicket, readAddress, retainToolSession, TicketRefused, takeTicket, type ToolPage, type ToolSession } from './toolSession.js';
import { TOOL_ERRORS } from './toolState.js';
import './screenTools.css';

type FrameState = { kind: 'pending' } | { kind: 'ready'; session: ToolSession } | { kind: 'notFound' } | { kind: 'failed'; message: string } | { kind: 'ended' };

/**
 * A screen tool's page (spec §2 public routes): takes the one-time ticket out of the address at
 * once, exchanges it for a session kept in memory for this page only, switches to the address's
 * or the run's language and draws the tool. Without a ticket, or with one used, expired or of
 * another tool, it shows the not-found page (a reload needs a new ticket).
 */
export function ToolFrame({ tool, children }: { tool: ToolPage; children: (session: ToolSession) => ReactNode }) {
  const location = useLocation();
  const navigate = useNavigate();
  const { ticket, search } = takeTicket(location.search);

  // Before anything renders or loads: the ticket leaves the address bar, the history and the referrer.
  useLayoutEffect(() => {
    if (ticket === null) return;
    holdTicket(ticket);
    void navigate({ pathname: location.pathname, search, hash: location.hash }, { replace: true });
  }, [ticket, search, location.pathname, location.hash, navigate]);

  // A picture: white behind the page, whatever the console's frame uses.
  useEffect(() => {
    document.body.classList.add('tool-body');
    return () => document.body.classList.remove('tool-body');
  }, []);

  if (ticket !== null) return null;
  return (
    <ToolSessionView tool={tool} search={location.search}>
      {children}
    </ToolSessionView>
  );
}

function ToolSessionView({ tool, search, children }: { tool: ToolPage; search: string; children: (session: ToolSession) => ReactNode }) {
  const t = useT();
  const [state, setState] = useState<FrameState>({ kind: 'pending' });
  const [client] = useState(() => new QueryClient({ defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false, staleTime: Infinity } } }));
  const [address] = useState(() => readAddress(search));

  useEffect(() => retainToolSession(), []);
  useEffect(() => {
    let alive = true;
    exchangeHeldTicket(tool, address)
      .then(async (session) => {
        await changeLanguage(session.language, { remember: false });
        if (alive) setState({ kind: 'ready', session });
      })
      .catch((error: unknown) => {
        if (!alive) return;
        setState(error instanceof TicketRefused ? { kind: 'notFound' } : { kind: 'failed', message: error instanceof Error ? error.message : String(error) });
      });
    return () => {
      alive = false;
    };
  }, [tool, address]);
  // The tool's session ended while the page was open (it lasts a few minutes): the picture says so.
  useEffect(() => {
    const ended = () => setState((s) => (s.kind === 'ready' || s.kind === 'pending' ? { kind: 'ended' } : s));
    window.addEventListener(PAGE_SESSION_ENDED_EVENT, ended);
    return () => window.removeEventListener(PAGE_SESSION_ENDED_EVENT, ended);
  }, []);

  switch (state.kind) {
    case 'pending':
      return (
        <div className="tool-page tool-pending" data-tool-state="loading" data-testid="tool-pending">
          {t('screenTools.loading')}
        </div>
      );
    case 'notFound':
      return (
        <div data-tool-state="error" data-tool-error={TOOL_ERRORS.ticket} data-testid="tool-not-found">
          <Suspense fallback={null}>
            <NotFoundView />
          </Suspense>
        </div>
      );
    case 'failed':
    case 'ended':
      return (
        <div className="tool-page tool-failed" role="alert" data-tool-state="error" data-tool-error={state.kind === 'ended' ? TOOL_ERRORS.ended : TOOL_ERRORS.open} data-testid="tool-failed">
          <p className="tool-failed-title">{t(state.kind === 'ended' ? TOOL_ERRORS.ended : TOOL_ERRORS.open)}</p>
          {state.kind === 'failed' ? <p>{state.message}</p> : null}
        </div>
      );
    case 'ready':
      return (
        <QueryClientProvider client={client}>
          <ConfigProvider theme={{ token: { motion: false } }}>{children(state.session)}</ConfigProvider>
        </QueryClientProvider>
      );
  }
}
