import { useEffect } from 'react';
import { useT } from '../core/i18n.js';

/**
 * Accessible names antd's inner components write in English whatever the locale given to
 * ConfigProvider (the number input's step buttons, the select's clear button): rewritten in the
 * reader's language wherever they appear, also in popups and in elements added later.
 */
const FIXED_LABELS = {
  'Increase Value': 'common.a11y.increase',
  'Decrease Value': 'common.a11y.decrease',
  Clear: 'common.a11y.clear',
} as const;

type Fixed = keyof typeof FIXED_LABELS;
const ORIGINAL = 'data-bl-aria';
const isFixed = (label: string | null): label is Fixed => label !== null && Object.hasOwn(FIXED_LABELS, label);

/** Translates antd's fixed English aria-labels under `document.body` while mounted. */
export function useAntdLabels(): void {
  const t = useT();
  useEffect(() => {
    const fix = (el: Element) => {
      const label = el.getAttribute(ORIGINAL) ?? el.getAttribute('aria-label');
      if (!isFixed(label)) return;
      const text = t(FIXED_LABELS[label]);
      el.setAttribute(ORIGINAL, label);
      if (el.getAttribute('aria-label') !== text) el.setAttribute('aria-label', text);
    };
    const scan = (root: Element) => {
      if (root.hasAttribute('aria-label')) fix(root);
      for (const el of root.querySelectorAll('[aria-label]')) fix(el);
    };
    scan(document.body);
    const observer = new MutationObserver((records) => {
      for (const r of records) {
        if (r.type === 'attributes' && r.target instanceof Element) fix(r.target);
        for (const node of r.addedNodes) if (node instanceof Element) scan(node);
      }
    });
    observer.observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['aria-label'] });
    return () => observer.disconnect();
  }, [t]);
}
