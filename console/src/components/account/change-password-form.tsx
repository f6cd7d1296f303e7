// POST /session/password. The repeat is compared here; the server checks the current password
// and the new one's length, and ends every other session of this person.
import { useState, type FormEvent } from 'react';
import { Alert, Button, Group, PasswordInput, Stack } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../api/client.ts';
import { ErrorAlert, fieldError } from '../feedback.tsx';
import { notifySuccess } from './notify.ts';
import { REQUIRED_FIELD } from './field-props.ts';

const MISMATCH = 'The two new passwords are not the same.';

export function ChangePasswordForm() {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [repeat, setRepeat] = useState('');
  const [mismatch, setMismatch] = useState(false);

  const change = useMutation({
    mutationFn: (input: { currentPassword: string; newPassword: string }) =>
      api<{ success: true }>('POST', '/session/password', input),
    onSuccess: () => {
      setCurrent('');
      setNext('');
      setRepeat('');
      notifySuccess('Your other sessions were signed out.', 'Password changed');
    },
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    if (next !== repeat) {
      setMismatch(true);
      change.reset();
      return;
    }
    setMismatch(false);
    change.mutate({ currentPassword: current, newPassword: next });
  }

  return (
    <form onSubmit={submit} aria-label="Change password">
      <Stack>
        <PasswordInput
          label="Current password"
          {...REQUIRED_FIELD}
          autoComplete="current-password"
          value={current}
          onChange={(event) => setCurrent(event.currentTarget.value)}
          error={fieldError(change.error, 'currentPassword')}
        />
        <PasswordInput
          label="New password"
          description="At least 10 characters."
          {...REQUIRED_FIELD}
          autoComplete="new-password"
          value={next}
          onChange={(event) => setNext(event.currentTarget.value)}
          error={fieldError(change.error, 'newPassword')}
        />
        <PasswordInput
          label="Repeat new password"
          {...REQUIRED_FIELD}
          autoComplete="new-password"
          value={repeat}
          onChange={(event) => {
            setRepeat(event.currentTarget.value);
            setMismatch(false);
          }}
          error={mismatch ? MISMATCH : undefined}
        />
        <ErrorAlert error={change.error} title="The password was not changed" />
        {change.isSuccess && (
          <Alert color="green" variant="light" title="Password changed" role="status">
            Your password was changed. Your other sessions were signed out; this one stays signed in.
          </Alert>
        )}
        <Group>
          <Button type="submit" loading={change.isPending}>
            Change password
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
