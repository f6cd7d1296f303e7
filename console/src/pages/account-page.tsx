// "Your sign-in": who is signed in, and changing the password (which signs out the other sessions).
import { Paper, Stack, Text, Title } from '@mantine/core';
import { PageTitle } from '../components/feedback.tsx';
import { useSignedIn } from '../session/session.tsx';
import { ChangePasswordForm } from '../components/account/change-password-form.tsx';

export function AccountPage() {
  const session = useSignedIn();
  return (
    <Stack gap="lg" maw={560}>
      <PageTitle>Your sign-in</PageTitle>
      <Paper withBorder p="md">
        <Text size="sm" c="dimmed">
          Signed in as
        </Text>
        <Text fw={500} data-testid="signed-in-email">
          {session.user.email}
        </Text>
        <Text size="sm" c="dimmed" mt="xs">
          Member of {session.accounts.map((account) => `${account.name} (${account.role})`).join(', ') || 'no account'}
        </Text>
      </Paper>
      <Paper withBorder p="md">
        <Title order={4} mb="sm">
          Change password
        </Title>
        <ChangePasswordForm />
      </Paper>
    </Stack>
  );
}
