import { useId, useRef, useState, type FormEvent } from 'react';
import { Button, Group, Input, Progress, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import { uploadFile } from '../../../api/upload.ts';
import type { AddedSource } from '../../../api/agent-types.ts';
import { ErrorAlert } from '../../../components/feedback.tsx';
import { formatBytes } from '../../../components/format.ts';
import { useAgentPath } from '../../../components/agent/use-agent-path.ts';
import { useKnowledgeChanged } from './use-knowledge-changed.ts';

const ACCEPTED = '.pdf,.doc,.docx,.txt';

/** A PDF, DOC, DOCX or TXT file: sent with progress, then extracted and indexed before the answer. */
export function UploadForm({ agentId }: { agentId: string }) {
  const agentPath = useAgentPath(agentId);
  const knowledgeChanged = useKnowledgeChanged(agentId);
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [sent, setSent] = useState(0);
  const upload = useMutation({
    mutationFn: (chosen: File) => uploadFile<AddedSource>(agentPath('/sources/files'), chosen, setSent),
    onMutate: () => setSent(0),
    onSuccess: async (body) => {
      notifications.show({ color: 'green', message: `Uploaded and indexed “${body.source.title}”.` });
      setFile(null);
      if (input.current) input.current.value = '';
      await knowledgeChanged();
    },
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    if (file) upload.mutate(file);
  }

  const percent = Math.round(sent * 100);
  return (
    <form onSubmit={submit}>
      <Stack gap="sm">
        <div>
          <Input.Label htmlFor={inputId}>File to upload</Input.Label>
          <Input.Description mb={6}>PDF, DOC, DOCX or TXT. Its bytes count against storage.</Input.Description>
          <input
            id={inputId}
            ref={input}
            type="file"
            accept={ACCEPTED}
            disabled={upload.isPending}
            onChange={(event) => {
              setFile(event.currentTarget.files?.[0] ?? null);
              upload.reset();
            }}
            style={{ maxWidth: '100%', fontSize: 'var(--mantine-font-size-sm)' }}
          />
          {file && (
            <Text size="xs" c="dimmed" mt={4}>
              {formatBytes(file.size)}
            </Text>
          )}
        </div>
        {upload.isPending && (
          <Stack gap={4}>
            <Progress aria-label="Upload progress" value={percent} animated={percent === 100} size="md" />
            <Text size="sm" aria-live="polite">
              {percent < 100 ? `${percent}% sent` : 'Indexing…'}
            </Text>
          </Stack>
        )}
        <ErrorAlert error={upload.error} title="The file was not added" />
        <Group>
          <Button type="submit" loading={upload.isPending} disabled={!file}>
            Upload
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
