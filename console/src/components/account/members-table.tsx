// The account's members; owners may remove one (the server keeps the last owner).
import { useState } from 'react';
import { Button, Table, Text, VisuallyHidden } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { api, seg } from '../../api/client.ts';
import type { Member } from '../../api/account-types.ts';
import { useSession, useSignedIn } from '../../session/session.tsx';
import { formatDate } from '../format.ts';
import { useAccountPath } from '../use-account.ts';
import { ConfirmModal } from '../confirm-modal.tsx';
import { notifySuccess } from './notify.ts';
import { StatusBadge } from '../status-badge.tsx';

export function MembersTable({ members, canManage }: { members: Member[]; canManage: boolean }) {
  const path = useAccountPath();
  const queries = useQueryClient();
  const session = useSignedIn();
  const { refresh } = useSession();
  const navigate = useNavigate();
  const [removing, setRemoving] = useState<Member | null>(null);
  const isMe = (member: Member) => member.email.toLowerCase() === session.user.email.toLowerCase();

  const remove = useMutation({
    mutationFn: (member: Member) => api('DELETE', path(`/members/${seg(member.id)}`)),
    onSuccess: async (_answer, member) => {
      setRemoving(null);
      notifySuccess(`${member.email} is no longer a member.`, 'Member removed');
      // Leaving an account oneself changes which accounts the session may open.
      if (isMe(member)) {
        await refresh();
        navigate('/');
      } else {
        await queries.invalidateQueries({ queryKey: ['members', path('')] });
      }
    },
  });

  return (
    <>
      <Table.ScrollContainer minWidth={520}>
        <Table striped verticalSpacing="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Email</Table.Th>
              <Table.Th>Role</Table.Th>
              <Table.Th>Added</Table.Th>
              {canManage && (
                <Table.Th>
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              )}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {members.map((member) => (
              <Table.Tr key={member.id}>
                <Table.Td>
                  {member.email}
                  {isMe(member) && (
                    <Text span size="xs" c="dimmed" ml={6}>
                      (you)
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  <StatusBadge color={member.role === 'owner' ? 'blue' : 'gray'}>{member.role}</StatusBadge>
                </Table.Td>
                <Table.Td>{formatDate(member.createdAt)}</Table.Td>
                {canManage && (
                  <Table.Td ta="right">
                    <Button
                      size="xs"
                      color="red"
                      variant="light"
                      aria-label={`Remove ${member.email}`}
                      onClick={() => setRemoving(member)}
                    >
                      Remove
                    </Button>
                  </Table.Td>
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <ConfirmModal
        opened={removing !== null}
        title="Remove member"
        confirmLabel="Remove"
        onConfirm={() => removing && remove.mutate(removing)}
        onClose={() => setRemoving(null)}
        action={remove}
      >
        {removing && isMe(removing) ? (
          <>Remove yourself from this account? You lose access to it at once.</>
        ) : (
          <>
            Remove <strong>{removing?.email}</strong> from this account? Their sign-in stays, but they can no longer
            open this account.
          </>
        )}
      </ConfirmModal>
    </>
  );
}
