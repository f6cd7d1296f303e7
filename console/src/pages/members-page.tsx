// Who may open this account. Owners add and remove members; teammates only see the list.
import { Alert, Paper, Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { allPages } from '../api/client.ts';
import type { MemberList } from '../api/account-types.ts';
import { EmptyState, ErrorAlert, Loading, PageTitle } from '../components/feedback.tsx';
import { useAccount, useAccountPath } from '../components/use-account.ts';
import { AddMemberForm } from '../components/account/add-member-form.tsx';
import { MembersTable } from '../components/account/members-table.tsx';

export function MembersPage() {
  const path = useAccountPath();
  const { role } = useAccount();
  const isOwner = role === 'owner';
  const members = useQuery({
    queryKey: ['members', path('')],
    queryFn: () => allPages(path('/members'), (body: MemberList) => body.members),
  });

  return (
    <Stack gap="lg">
      <PageTitle>Members</PageTitle>
      {isOwner ? (
        <Paper withBorder p="md">
          <Title order={4} mb="sm">
            Add member
          </Title>
          <AddMemberForm />
        </Paper>
      ) : (
        <Alert variant="light" color="blue">
          Only owners of this account add or remove members. Ask an owner if someone needs access.
        </Alert>
      )}
      {members.isPending ? (
        <Loading />
      ) : members.error ? (
        <ErrorAlert error={members.error} title="The members could not be loaded" />
      ) : members.data.length === 0 ? (
        <EmptyState title="No members" />
      ) : (
        <MembersTable members={members.data} canManage={isOwner} />
      )}
    </Stack>
  );
}
