// The console's routes. Every signed-in page lives under /a/:accountId so a link names its account.
import { lazy } from 'react';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router';
import { useSession } from './session/session.tsx';
import { Loading } from './components/feedback.tsx';
import { Shell } from './components/shell.tsx';
import { SignInPage } from './pages/sign-in-page.tsx';
import { EmptyState } from './components/feedback.tsx';

// Each screen is its own chunk, loaded when first opened: the sign-in page does not wait for the
// charts library, and the overview does not wait for the playground.
const OverviewPage = lazy(() =>
  import('./pages/overview-page.tsx').then((module) => ({ default: module.OverviewPage })),
);
const AgentsPage = lazy(() => import('./pages/agents-page.tsx').then((module) => ({ default: module.AgentsPage })));
const AgentPage = lazy(() => import('./pages/agent/agent-page.tsx').then((module) => ({ default: module.AgentPage })));
const KeysPage = lazy(() => import('./pages/keys-page.tsx').then((module) => ({ default: module.KeysPage })));
const WebhooksPage = lazy(() =>
  import('./pages/webhooks-page.tsx').then((module) => ({ default: module.WebhooksPage })),
);
const MembersPage = lazy(() => import('./pages/members-page.tsx').then((module) => ({ default: module.MembersPage })));
const InboxPage = lazy(() => import('./pages/inbox/inbox-page.tsx').then((module) => ({ default: module.InboxPage })));
const AccountPage = lazy(() => import('./pages/account-page.tsx').then((module) => ({ default: module.AccountPage })));

function SignedInRoutes() {
  const { session } = useSession();
  if (session === undefined) return <Loading />;
  if (session === null) return <SignInPage />;
  const first = session.accounts[0];
  return (
    <Routes>
      <Route
        path="/"
        element={
          first ? (
            <Navigate to={`/a/${encodeURIComponent(first.id)}/overview`} replace />
          ) : (
            <EmptyState title="No account">You are not a member of any account yet.</EmptyState>
          )
        }
      />
      <Route path="/a/:accountId" element={<Shell />}>
        <Route index element={<Navigate to="overview" replace />} />
        <Route path="overview" element={<OverviewPage />} />
        <Route path="inbox" element={<InboxPage />} />
        <Route path="agents" element={<AgentsPage />} />
        <Route path="agents/:agentId" element={<AgentPage />} />
        <Route path="agents/:agentId/:tab" element={<AgentPage />} />
        <Route path="keys" element={<KeysPage />} />
        <Route path="webhooks" element={<WebhooksPage />} />
        <Route path="members" element={<MembersPage />} />
        <Route path="account" element={<AccountPage />} />
        <Route path="*" element={<EmptyState title="Page not found" />} />
      </Route>
      <Route
        path="*"
        element={<EmptyState title="Page not found">That address is not a page of the console.</EmptyState>}
      />
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
