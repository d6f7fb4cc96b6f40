import { Card, Empty, Result, Skeleton } from 'antd';
import type { ReactNode } from 'react';
import { useT } from '../../../core/i18n.js';

export interface PageStateProps {
  /** The pickers' data (rings, tag groups) could not be read: nothing can be asked. */
  setupError?: Error | null;
  /** The pickers' data or the first answer is on its way. */
  loading: boolean;
  /** Skeleton lines while loading, about the height of what comes. */
  skeletonRows: number;
  /** The run has no completed ring yet. */
  noRings?: boolean;
  /** The address asked for something the form refuses (the form says what): the test id of the hint, or null when the query is valid. */
  invalid?: string | null;
  /** The answer did not come. */
  failure?: { error: Error | null; answered: boolean };
  /** The answer holds nothing for the range: the test id and text of the empty state. */
  empty?: { testId: string; text: string } | null;
  children: ReactNode;
}

/**
 * What a statistics page shows under its form, in the order a user meets the cases: the pickers
 * failed, still loading, no ring completed yet, a choice the form refuses, the answer failed, an
 * empty answer — and otherwise its own content.
 */
export function PageState({ setupError, loading, skeletonRows, noRings, invalid, failure, empty, children }: PageStateProps) {
  const t = useT();
  if (setupError) return <Unavailable error={setupError} />;
  if (loading)
    return (
      <Card size="small">
        <Skeleton active paragraph={{ rows: skeletonRows }} />
      </Card>
    );
  if (noRings) return <Empty className="stat-empty" description={t('statistic.page.noRings')} data-testid="stat-no-rings" />;
  if (invalid) return <Empty className="stat-empty" description={t('statistic.page.fixForm')} data-testid={invalid} />;
  if (failure && !failure.answered) return <Unavailable error={failure.error} />;
  if (empty) return <Empty className="stat-empty" description={empty.text} data-testid={empty.testId} />;
  return <>{children}</>;
}

/** A call that failed: the server's words, or a generic "no data". */
export function Unavailable({ error }: { error: Error | null | undefined }) {
  const t = useT();
  return <Result status="warning" title={error?.message || t('common.error.noData')} />;
}
