import { useEffect, useState } from 'react';

/** A thin bar at the top of the window while `active` (navigation and lazy pages loading). */
export function NavigationProgress({ active, label }: { active: boolean; label: string }) {
  const [width, setWidth] = useState(0);
  useEffect(() => {
    if (!active) {
      setWidth((w) => (w === 0 ? 0 : 100));
      const done = setTimeout(() => setWidth(0), 250);
      return () => clearTimeout(done);
    }
    setWidth(15);
    const timer = setInterval(() => setWidth((w) => Math.min(90, w + (90 - w) * 0.15)), 200);
    return () => clearInterval(timer);
  }, [active]);
  if (width === 0) return null;
  return (
    <div
      role="progressbar"
      aria-label={label}
      data-testid="navigation-progress"
      style={{
        position: 'fixed',
        top: 0,
        left: 0,
        height: 3,
        width: `${width}%`,
        background: '#1677ff',
        zIndex: 3100,
        transition: 'width 200ms ease-out',
      }}
    />
  );
}
