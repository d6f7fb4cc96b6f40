import { z } from 'zod';

// Validation without compiled parsers: zod's feature check (`new Function('')`) would otherwise
// report a `script-src 'eval'` violation of the CSP on every page load. Imported first by main.tsx,
// before any schema parses.
z.config({ jitless: true });
