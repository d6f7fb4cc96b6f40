import { REALTIME_PAGE_KEYS, type RealtimePage } from '@boreline/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

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
  const { t } = useTranslation();
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
            {t(page === null ? 'realtime.page.main' : REALTIME_PAGE_KEYS[page])}
          </button>
        ))}
      </nav>
      {extra ? <div className="rt-nav-extra">{extra}</div> : null}
    </div>
  );
}
