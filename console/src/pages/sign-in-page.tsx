import { useState, type FormEvent } from 'react';
import { Button, Center, Paper, PasswordInput, Stack, TextInput, Title, Text } from '@mantine/core';
import { useSession } from '../session/session.tsx';
import { ErrorAlert } from '../components/feedback.tsx';
import { ApiError } from '../api/client.ts';

export function SignInPage() {
  const { signIn } = useSession();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await signIn(email, password);
    } catch (caught) {
      // 401 says only "Unauthorized": name the likely cause without telling which part was wrong.
      setError(
        caught instanceof ApiError && caught.status === 401
          ? new ApiError(401, caught.code, 'The email or the password is wrong.')
          : caught,
      );
    } finally {
      setBusy(false);
    }
  }

  return (
    <Center mih="100vh" p="md">
      <Paper withBorder shadow="sm" p="xl" w="100%" maw={400}>
        <form onSubmit={submit} aria-label="Sign in">
          <Stack>
            <Title order={2}>Colloquy console</Title>
            <Text c="dimmed" size="sm">
              Sign in with the email and password your account owner gave you.
            </Text>
            <TextInput
              label="Email"
              type="email"
              autoComplete="username"
              required
              value={email}
              onChange={(event) => setEmail(event.currentTarget.value)}
              autoFocus
            />
            <PasswordInput
              label="Password"
              autoComplete="current-password"
              required
              value={password}
              onChange={(event) => setPassword(event.currentTarget.value)}
            />
            <ErrorAlert error={error} title="Sign-in failed" />
            <Button type="submit" loading={busy}>
              Sign in
            </Button>
          </Stack>
        </form>
      </Paper>
    </Center>
  );
}
