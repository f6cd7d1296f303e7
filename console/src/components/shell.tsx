// The frame around every signed-in page: the navigation (a drawer behind a burger at phone
// widths), the account switcher and the person's menu.
import { AppShell, Burger, Group, NavLink, Select, Text, Button, ScrollArea } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Suspense } from 'react';
import { Loading } from './feedback.tsx';
import { NavLink as RouterLink, Outlet, useLocation, useNavigate } from 'react-router';
import { useSession, useSignedIn } from '../session/session.tsx';
import { useAccount } from './use-account.ts';

const SECTIONS = [
  { path: 'overview', label: 'Overview' },
  { path: 'inbox', label: 'Inbox' },
  { path: 'agents', label: 'Agents' },
  { path: 'keys', label: 'API keys' },
  { path: 'webhooks', label: 'Webhooks' },
  { path: 'members', label: 'Members' },
];

export function Shell() {
  const [opened, { toggle, close }] = useDisclosure();
  const session = useSignedIn();
  const { signOut } = useSession();
  const { accountId, role } = useAccount();
  const location = useLocation();
  const navigate = useNavigate();
  const base = `/a/${encodeURIComponent(accountId)}`;

  return (
    <AppShell
      header={{ height: 56 }}
      navbar={{ width: 230, breakpoint: 'sm', collapsed: { mobile: !opened } }}
      padding="md"
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger opened={opened} onClick={toggle} hiddenFrom="sm" size="sm" aria-label="Toggle navigation" />
            <Text fw={700}>Colloquy</Text>
          </Group>
          <Group gap="xs" wrap="nowrap">
            <Text size="sm" c="dimmed" visibleFrom="sm">
              {session.user.email}
            </Text>
            <Button variant="subtle" size="xs" onClick={() => void signOut()}>
              Sign out
            </Button>
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="sm" aria-label="Main navigation">
        <ScrollArea>
          {session.accounts.length > 1 && (
            <Select
              label="Account"
              mb="sm"
              data={session.accounts.map((account) => ({ value: account.id, label: account.name }))}
              value={accountId}
              allowDeselect={false}
              onChange={(value) => value && navigate(`/a/${encodeURIComponent(value)}/overview`)}
            />
          )}
          {SECTIONS.map((section) => (
            <NavLink
              key={section.path}
              component={RouterLink}
              to={`${base}/${section.path}`}
              label={section.label}
              active={location.pathname.startsWith(`${base}/${section.path}`)}
              onClick={close}
            />
          ))}
          <NavLink
            component={RouterLink}
            to={`${base}/account`}
            label="Your sign-in"
            active={location.pathname.startsWith(`${base}/account`)}
            onClick={close}
          />
          <Text size="xs" c="dimmed" mt="md" px="sm">
            Role: {role}
          </Text>
        </ScrollArea>
      </AppShell.Navbar>
      <AppShell.Main>
        <Suspense fallback={<Loading />}>
          <Outlet />
        </Suspense>
      </AppShell.Main>
    </AppShell>
  );
}
