import type { RealtimePage } from '@boreline/contracts';
import type { ReactNode } from 'react';
import { useT } from '../../../core/i18n.js';
import { PAGE_LABELS } from './pageLabels.js';

export interface PageNavProps {
  pages: readonly RealtimePage[];
  /** null: the overview. */
  active: RealtimePage | null;
  onSelect: (page: RealtimePage | null) => void;
  /** `wrap`: every page in view on a desk screen (fifteen names do not fit one row); `scroll`: a row to swipe on a phone. */
  layout: 'wrap' | 'scroll';
  extra?: ReactNode;
  testId: string;
}

/**
 * The overview and the subsystem pages of a run. Never a "more" menu: an operator looking for the
 * bentonite page should see it, not guess it is behind an ellipsis.
 */
export function PageNav({ pages, active, onSelect, layout, extra, testId }: PageNavProps) {
  const t = useT();
  return (
    <div className={`rt-nav rt-nav-${layout}`}>
      <nav role="tablist" className="rt-nav-list" data-testid={testId}>
        {[null, ...pages].map((page) => (
          <button
            key={page ?? 'main'}
            type="button"
            role="tab"
            aria-selected={page === active}
            className={page === active ? 'rt-nav-tab rt-nav-tab-active' : 'rt-nav-tab'}
            onClick={() => onSelect(page)}
          >
            {t(page === null ? 'realtime.page.main' : PAGE_LABELS[page])}
          </button>
        ))}
      </nav>
      {extra ? <div className="rt-nav-extra">{extra}</div> : null}
    </div>
  );
}
