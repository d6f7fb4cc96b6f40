import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api/client.js';
import { onSignOut } from './logout.js';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // Session and permission answers are final; retrying them only repeats the warning.
      retry: (failures, error) => !(error instanceof ApiError && [1, 2, 3].includes(error.code)) && failures < 2,
      refetchOnWindowFocus: false,
      staleTime: 30_000,
    },
  },
});

// What one user saw must not show to the next one signing in on the same page.
onSignOut(() => queryClient.clear());
