import { useEffect, useState } from 'react';
import { flushSync } from 'react-dom';

/**
 * True while the browser prints the page (the Print button or Ctrl+P). Tables then show all their
 * rows instead of one page of them. The state is committed synchronously in `beforeprint`, because
 * the browser lays the printout out right after the event returns.
 */
export function usePrinting(): boolean {
  const [printing, setPrinting] = useState(false);
  useEffect(() => {
    const before = () => flushSync(() => setPrinting(true));
    const after = () => setPrinting(false);
    window.addEventListener('beforeprint', before);
    window.addEventListener('afterprint', after);
    return () => {
      window.removeEventListener('beforeprint', before);
      window.removeEventListener('afterprint', after);
    };
  }, []);
  return printing;
}
