// Who is signed in. GET /session on load tells (401: nobody); sign-in and sign-out change it, and
// any 401 from another call (the session expired or was ended) returns to the sign-in page.
import { createContext, useCallback, useContext, useEffect, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { ApiError, api, onSignedOut, setCsrfToken } from '../api/client.ts';
import type { SessionInfo } from '../api/types.ts';

interface SessionState {
  /** undefined while the first GET /session is under way. */
  session: SessionInfo | null | undefined;
  signIn(email: string, password: string): Promise<void>;
  signOut(): Promise<void>;
  refresh(): Promise<void>;
}

const SessionContext = createContext<SessionState | null>(null);

export function SessionProvider({ children }: { children: ReactNode }) {
  const [session, setSession] = useState<SessionInfo | null | undefined>(undefined);
  const queries = useQueryClient();

  const adopt = useCallback(
    (next: SessionInfo | null) => {
      setCsrfToken(next?.csrfToken ?? null);
      if (!next) queries.clear(); // nothing of the last person stays in memory
      setSession(next);
    },
    [queries],
  );

  const refresh = useCallback(async () => {
    try {
      adopt(await api<SessionInfo>('GET', '/session'));
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) adopt(null);
      else throw error;
    }
  }, [adopt]);

  useEffect(() => {
    refresh().catch(() => adopt(null));
    return onSignedOut(() => adopt(null));
  }, [refresh, adopt]);

  const signIn = useCallback(
    async (email: string, password: string) => adopt(await api<SessionInfo>('POST', '/session', { email, password })),
    [adopt],
  );
  const signOut = useCallback(async () => {
    try {
      await api('DELETE', '/session');
    } finally {
      adopt(null);
    }
  }, [adopt]);

  return <SessionContext.Provider value={{ session, signIn, signOut, refresh }}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionState {
  const state = useContext(SessionContext);
  if (!state) throw new Error('useSession outside SessionProvider');
  return state;
}

/** The signed-in session; only for pages behind the sign-in gate. */
export function useSignedIn(): SessionInfo {
  const { session } = useSession();
  if (!session) throw new Error('page rendered without a session');
  return session;
}
