import { MACHINE_STATE_KEYS } from '@boreline/contracts';
import { useMemo } from 'react';
import { formatNumber } from '../../../core/format.js';
import type { CurveTag, CurveText } from './curvesOption.js';
import type { NamedTag } from './tags.js';
import { useLocale, useT } from '../../../core/i18n.js';

/** The curve charts' words and numbers in the reader's language. */
export function useCurveText(): CurveText {
  const t = useT();
  const locale = useLocale();
  return useMemo(() => {
    const ticks = new Intl.NumberFormat(locale, { maximumFractionDigits: 3 });
    return {
      value: (value, decimals) => formatNumber(value, locale, decimals),
      tick: (value) => ticks.format(value),
      ring: (ringNo) => t('statistic.page.ring', { ringNo }),
      state: (state) => t(MACHINE_STATE_KEYS[state]),
      stateLabel: t('statistic.curves.state'),
      minutes: t('statistic.curves.minutes'),
      stroke: t('statistic.curves.axisStroke'),
    };
  }, [t, locale]);
}

/** The chosen tags as the charts draw them (a code the machine does not record is drawn by its code). */
export const curveTags = (codes: readonly string[], index: Map<string, NamedTag>): CurveTag[] =>
  codes.map((code) => {
    const tag = index.get(code);
    return { code, label: tag?.label ?? code, unit: tag?.unit ?? '', decimals: Math.max(0, Math.min(4, tag?.precision ?? 2)) };
  });
