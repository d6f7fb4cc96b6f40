import { type RealtimePage, realtimePagesOf, resolveLanguage } from '@boreline/contracts';
import { Result, Spin } from 'antd';
import { useEffect, useLayoutEffect, useState } from 'react';
import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { ShellProviders } from '../../../ui/ShellProviders.js';
import { changeLanguage, useT } from '../../../core/i18n.js';
import { realtime } from '../../../core/realtime/realtime.js';
import { H5_SESSION_ENDED_EVENT } from '../../../core/sessionEnd.js';
import { session } from '../../../core/session.js';
import { AlarmCount, useAlarmedPoints } from '../../alarm/index.js';
import { OverviewTab } from '../components/OverviewTab.js';
import { PageNav } from '../components/PageNav.js';
import { RealtimeHeader } from '../components/RealtimeHeader.js';
import { SubsystemTab } from '../components/SubsystemTab.js';
import { listenForHandover, tellHost } from '../h5/h5Bridge.js';
import { exchangeH5Token, type H5Run, holdToken, storedH5Run, takeHeldToken } from '../h5/h5Session.js';
import { useRealtimeView } from '../hooks/useRealtimeView.js';
import '../components/realtime.css';
import './h5.css';

/** How long the view waits for a host app to hand the token over by message. */
const HANDOVER_WAIT_MS = 30_000;

type H5State = { kind: 'pending' } | { kind: 'waiting' } | { kind: 'ready'; run: H5Run } | { kind: 'failed' } | { kind: 'ended' };

/**
 * The mobile real-time view for host apps (spec §1, §2 /h5/rta/{d}/{token}; docs/h5-bridge.md):
 * takes the one-time token out of the address at once, exchanges it for a session scoped to the
 * run, and shows the real-time tabs without the console's menus or warnings.
 */
export function H5RealtimePage() {
  const { d, token } = useParams();
  const [search] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const runId = Number(d);
  const lang = search.get('lang');

  // Before anything renders or loads: the token leaves the address bar, the history and the referrer.
  useLayoutEffect(() => {
    session.setH5(true);
    if (token && Number.isInteger(runId)) {
      holdToken(runId, token);
      void navigate(`/h5/rta/${runId}${location.search}`, { replace: true });
    }
  }, [token, runId, location.search, navigate]);
  useEffect(() => {
    if (lang) void changeLanguage(resolveLanguage(lang));
  }, [lang]);

  if (token) return null;
  return (
    <ShellProviders>
      <H5Session runId={runId} />
    </ShellProviders>
  );
}

function H5Session({ runId }: { runId: number }) {
  const t = useT();
  const [state, setState] = useState<H5State>(() => {
    const run = Number.isInteger(runId) && runId > 0 ? storedH5Run(runId) : null;
    return run ? { kind: 'ready', run } : { kind: 'pending' };
  });

  useEffect(() => {
    if (state.kind !== 'pending') return undefined;
    if (!Number.isInteger(runId) || runId <= 0) {
      setState({ kind: 'failed' });
      return undefined;
    }
    const exchange = (token: string) =>
      exchangeH5Token(token, runId).then(
        (run) => setState({ kind: 'ready', run }),
        () => setState({ kind: 'failed' }),
      );
    const held = takeHeldToken(runId);
    if (held) {
      void exchange(held);
      return undefined;
    }
    // No token in the path: the host hands it over by message (or the link is incomplete).
    setState({ kind: 'waiting' });
    return undefined;
  }, [state.kind, runId]);

  useEffect(() => {
    if (state.kind !== 'waiting') return undefined;
    const stop = listenForHandover((handover) => {
      if (handover.runId !== null && handover.runId !== runId) return;
      stop();
      if (handover.lang) void changeLanguage(handover.lang);
      setState({ kind: 'pending' });
      holdToken(runId, handover.token);
    });
    const timer = setTimeout(() => {
      stop();
      setState({ kind: 'failed' });
    }, HANDOVER_WAIT_MS);
    return () => {
      stop();
      clearTimeout(timer);
    };
  }, [state.kind, runId]);

  // The session of the view ends (expired, revoked, signed in elsewhere): say so, tell the host.
  useEffect(() => {
    const ended = () => {
      setState({ kind: 'ended' });
      tellHost('ended');
    };
    window.addEventListener(H5_SESSION_ENDED_EVENT, ended);
    return () => window.removeEventListener(H5_SESSION_ENDED_EVENT, ended);
  }, []);

  if (state.kind === 'ready') return <H5View run={state.run} />;
  if (state.kind === 'failed') return <Result status="warning" title={t('realtime.h5.linkInvalid')} subTitle={t('realtime.h5.linkInvalidHint')} data-testid="h5-failed" />;
  if (state.kind === 'ended') return <Result status="info" title={t('realtime.h5.sessionEnded')} subTitle={t('realtime.h5.linkInvalidHint')} data-testid="h5-ended" />;
  return (
    <div className="rt-h5-wait" data-testid="h5-wait">
      <Spin />
      <span>{t(state.kind === 'waiting' ? 'realtime.h5.waiting' : 'realtime.h5.opening')}</span>
    </div>
  );
}

function H5View({ run }: { run: H5Run }) {
  const [page, setPage] = useState<RealtimePage | null>(null);
  const pages = realtimePagesOf(run.machineType);
  const { diagram, live, stale, texts, header, ownTags } = useRealtimeView(run.runId, run.machineType, page);
  // The H5 session may read the run's alarms: their count, and the points in alarm on the tabs.
  const alarmed = useAlarmedPoints(run.runId);

  // The view owns the socket here: there is no console frame around it.
  useEffect(() => {
    realtime.start();
    return () => realtime.stop();
  }, []);

  return (
    <div className="rt-page rt-h5" data-testid="h5-realtime" data-machine-type={run.machineType}>
      <RealtimeHeader projectName={run.projectName} tbmCode={run.tbmCode} timeZone={run.timeZone} {...header} alarms={<AlarmCount points={alarmed} link={false} />} />
      <PageNav pages={pages} active={page} onSelect={setPage} layout="scroll" testId="h5-tabs" />
      {page === null ? (
        <OverviewTab machineType={run.machineType} svg={diagram.data} svgFailed={diagram.isError} values={live.values} stale={stale} status={texts} />
      ) : (
        <SubsystemTab key={page} runId={run.runId} machineType={run.machineType} timeZone={run.timeZone} page={page} values={live.values} ts={live.ts} stale={stale} ownTags={ownTags} alarmed={alarmed.byPoint} />
      )}
    </div>
  );
}
