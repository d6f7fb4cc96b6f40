import { useEffect, useState } from 'react';

interface Health {
  status: string;
  version: string;
}

/** Placeholder until the web shell lands: shows the server it talks to is up. */
export function App() {
  const [health, setHealth] = useState<Health | null>(null);
  useEffect(() => {
    void fetch('/server_main/g/web/sys/health/v1')
      .then((r) => r.json())
      .then((body: { data: Health }) => setHealth(body.data))
      .catch(() => setHealth(null));
  }, []);
  return (
    <main style={{ fontFamily: 'system-ui, sans-serif', padding: '3rem', color: '#1f2933' }}>
      <h1 style={{ margin: 0 }}>Boreline</h1>
      <p>TBM construction console</p>
      <p data-testid="server-status">{health ? `Server ${health.status}, version ${health.version}` : 'Connecting to the server…'}</p>
    </main>
  );
}
