// The console's routes. Every signed-in page lives under /a/:accountId so a link names its account.
import { BrowserRouter, Navigate, Route, Routes } from 'react-router';
import { useSession } from './session/session.tsx';
import { Loading } from './components/feedback.tsx';
import { Shell } from './components/shell.tsx';
import { SignInPage } from './pages/sign-in-page.tsx';
import { OverviewPage } from './pages/overview-page.tsx';
import { AgentsPage } from './pages/agents-page.tsx';
import { AgentPage } from './pages/agent/agent-page.tsx';
import { KeysPage } from './pages/keys-page.tsx';
import { WebhooksPage } from './pages/webhooks-page.tsx';
import { MembersPage } from './pages/members-page.tsx';
import { AccountPage } from './pages/account-page.tsx';
import { EmptyState } from './components/feedback.tsx';

function SignedInRoutes() {
  const { session } = useSession();
  if (session === undefined) return <Loading />;
  if (session === null) return <SignInPage />;
  const first = session.accounts[0];
  return (
    <Routes>
      <Route path="/" element={first ? <Navigate to={`/a/${encodeURIComponent(first.id)}/overview`} replace /> : <EmptyState title="No account">You are not a member of any account yet.</EmptyState>} />
      <Route path="/a/:accountId" element={<Shell />}>
        <Route index element={<Navigate to="overview" replace />} />
        <Route path="overview" element={<OverviewPage />} />
        <Route path="agents" element={<AgentsPage />} />
        <Route path="agents/:agentId" element={<AgentPage />} />
        <Route path="agents/:agentId/:tab" element={<AgentPage />} />
        <Route path="keys" element={<KeysPage />} />
        <Route path="webhooks" element={<WebhooksPage />} />
        <Route path="members" element={<MembersPage />} />
        <Route path="account" element={<AccountPage />} />
        <Route path="*" element={<EmptyState title="Page not found" />} />
      </Route>
      <Route path="*" element={<EmptyState title="Page not found">That address is not a page of the console.</EmptyState>} />
    </Routes>
  );
}

export function App() {
  return (
    <BrowserRouter basename="/console">
      <SignedInRoutes />
    </BrowserRouter>
  );
}
