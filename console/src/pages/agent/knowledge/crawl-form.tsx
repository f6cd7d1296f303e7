import { useRef, useState, type FormEvent } from 'react';
import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { postEventStream, type Frame } from '../../../api/event-stream.ts';
import { ApiError } from '../../../api/client.ts';
import type { CrawlProgress, CrawlReport } from '../../../api/agent-types.ts';
import { fieldError } from '../../../components/feedback.tsx';
import { FailureAlert } from '../../../components/agent/failure-alert.tsx';
import { StreamFailure, failureOf } from '../../../components/agent/stream-failure.ts';
import { useAgentPath } from '../../../components/agent/use-agent-path.ts';
import { useKnowledgeChanged } from './use-knowledge-changed.ts';
import { CrawlSummary } from './crawl-summary.tsx';

/** A plan limit stops a crawl with PLAN_LIMIT_REACHED; `error.output` still lists what it did. */
function partialReport(error: unknown): CrawlReport | null {
  if (!(error instanceof ApiError)) return null;
  const output = (error.body as { error?: { output?: CrawlReport } } | undefined)?.error?.output;
  return output && Array.isArray(output.added) ? output : null;
}

/** Crawls a site over the streaming answer, so its progress shows while pages are indexed. */
export function CrawlForm({ agentId }: { agentId: string }) {
  const agentPath = useAgentPath(agentId);
  const knowledgeChanged = useKnowledgeChanged(agentId);
  const [url, setUrl] = useState('');
  const [progress, setProgress] = useState<CrawlProgress | null>(null);
  const [report, setReport] = useState<CrawlReport | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [stopped, setStopped] = useState(false);
  const [running, setRunning] = useState(false);
  const controller = useRef<AbortController | null>(null);

  function onFrame(frame: Frame) {
    if (frame.progress) setProgress(frame.progress as CrawlProgress);
    else if (frame.success === true) setReport(frame as unknown as CrawlReport);
    else if (frame.success === false) throw failureOf(frame);
  }

  async function crawl(event: FormEvent) {
    event.preventDefault();
    controller.current = new AbortController();
    setRunning(true);
    setProgress({ found: 0, added: 0, skipped: 0 });
    setReport(null);
    setError(null);
    setStopped(false);
    try {
      await postEventStream(agentPath('/sources/website'), { url: url.trim() }, onFrame, controller.current.signal);
    } catch (caught) {
      if ((caught as Error).name === 'AbortError') setStopped(true);
      else {
        setError(caught);
        setReport(partialReport(caught));
        // Refused before the first page (a plain JSON error): there was no progress to show.
        if (!(caught instanceof StreamFailure)) setProgress(null);
      }
    } finally {
      setRunning(false);
      controller.current = null;
      // Pages are indexed one by one: even a failed or stopped crawl may have added some.
      await knowledgeChanged();
    }
  }

  return (
    <form onSubmit={crawl}>
      <Stack gap="sm">
        <TextInput
          label="Website URL"
          description="The crawl stays on this site’s host, obeys robots.txt and skips pages the agent already has."
          placeholder="https://example.com/"
          inputMode="url"
          withAsterisk
          value={url}
          onChange={(event) => setUrl(event.currentTarget.value)}
          error={fieldError(error, 'url')}
          disabled={running}
        />
        {progress && (
          <Text size="sm" data-testid="crawl-progress" aria-live="polite">
            {`Found ${progress.found} · Indexed ${progress.added} · Skipped ${progress.skipped}`}
          </Text>
        )}
        {stopped && (
          <Text size="sm" c="dimmed">
            Crawl stopped. The pages indexed before it stopped stay.
          </Text>
        )}
        <FailureAlert error={error} title="The crawl did not finish" />
        {report && <CrawlSummary report={report} />}
        <Group>
          <Button type="submit" loading={running}>
            Crawl
          </Button>
          {running && (
            <Button variant="default" onClick={() => controller.current?.abort()}>
              Stop crawl
            </Button>
          )}
        </Group>
      </Stack>
    </form>
  );
}
