// An owner adds a person: someone new gets a sign-in with the password given here; someone who
// already signs in to Colloquy keeps their own password (the server decides which).
import { useState, type FormEvent } from 'react';
import { Button, Group, PasswordInput, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client.ts';
import type { Role } from '../../api/types.ts';
import type { Member, NewMemberInput } from '../../api/account-types.ts';
import { ErrorAlert, fieldError } from '../feedback.tsx';
import { useAccountPath } from '../use-account.ts';
import { notifySuccess } from './notify.ts';
import { CLOSED_DROPDOWN_UNMOUNTED, REQUIRED_FIELD } from './field-props.ts';

const ROLES = [
  { value: 'teammate', label: 'Teammate' },
  { value: 'owner', label: 'Owner' },
  { value: 'viewer', label: 'Viewer (reads, changes nothing)' },
];

export function AddMemberForm() {
  const path = useAccountPath();
  const queries = useQueryClient();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<Role>('teammate');
  const [password, setPassword] = useState('');

  const add = useMutation({
    mutationFn: (input: NewMemberInput) =>
      api<{ member: Member; signIn: 'created' | 'existing' }>('POST', path('/members'), input),
    onSuccess: async ({ member, signIn }) => {
      setEmail('');
      setRole('teammate');
      setPassword('');
      await queries.invalidateQueries({ queryKey: ['members', path('')] });
      await queries.invalidateQueries({ queryKey: ['overview', path('')] });
      notifySuccess(
        signIn === 'created'
          ? `${member.email} can now sign in with the password you set. Give it to them safely.`
          : `${member.email} already had a Colloquy sign-in and keeps their own password.`,
        'Member added',
      );
    },
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    const input: NewMemberInput = { email: email.trim(), role };
    if (password) input.password = password;
    add.mutate(input);
  }

  return (
    <form onSubmit={submit} aria-label="Add member">
      <Stack>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label="Email"
            type="email"
            {...REQUIRED_FIELD}
            autoComplete="off"
            value={email}
            onChange={(event) => setEmail(event.currentTarget.value)}
            error={fieldError(add.error, 'email')}
          />
          <Select
            label="Role"
            data={ROLES}
            value={role}
            onChange={(value) => value && setRole(value as Role)}
            allowDeselect={false}
            comboboxProps={CLOSED_DROPDOWN_UNMOUNTED}
            description="Owners also manage members."
            error={fieldError(add.error, 'role')}
          />
        </SimpleGrid>
        <PasswordInput
          label="Password for a new sign-in"
          description="Only for someone without a Colloquy sign-in (at least 10 characters). A person who already has one keeps their own password, and this field is ignored."
          autoComplete="new-password"
          value={password}
          onChange={(event) => setPassword(event.currentTarget.value)}
          error={fieldError(add.error, 'password')}
        />
        <ErrorAlert error={add.error} title="The member could not be added" />
        <Group>
          <Button type="submit" loading={add.isPending}>
            Add member
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
