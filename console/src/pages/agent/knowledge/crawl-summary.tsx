import { Anchor, List, ScrollArea, Stack, Text } from '@mantine/core';
import type { CrawlReport, SkippedPage } from '../../../api/agent-types.ts';

const REASONS: Record<string, string> = {
  known: 'already in the knowledge',
  robots: 'disallowed by robots.txt',
  'not-html': 'not an HTML page',
  blocked: 'leads to a private address',
  'off-site': 'redirects off the site',
  timeout: 'timed out',
  'too-large': 'too large',
  empty: 'no text on the page',
  network: 'could not be reached',
};

function reasonText(page: SkippedPage): string {
  if (page.reason === 'http-error') return `the server answered ${page.status ?? 'an error'}`;
  return REASONS[page.reason] ?? page.reason;
}

/** The pages a crawl added and the ones it skipped, with why. */
export function CrawlSummary({ report }: { report: CrawlReport }) {
  return (
    <Stack gap="xs" data-testid="crawl-summary">
      <Text size="sm" fw={500}>
        {`${report.added.length} ${report.added.length === 1 ? 'page' : 'pages'} added, ${report.skipped.length} skipped`}
      </Text>
      {report.added.length > 0 && (
        <ScrollArea.Autosize mah={200} type="auto">
          <List size="sm" spacing={2} aria-label="Pages added">
            {report.added.map((page) => (
              <List.Item key={page.id}>
                {page.title}{' '}
                {page.url && (
                  <Anchor href={page.url} target="_blank" rel="noreferrer" size="xs" style={{ wordBreak: 'break-all' }}>
                    {page.url}
                  </Anchor>
                )}
              </List.Item>
            ))}
          </List>
        </ScrollArea.Autosize>
      )}
      {report.skipped.length > 0 && (
        <ScrollArea.Autosize mah={200} type="auto">
          <List size="sm" spacing={2} aria-label="Pages skipped">
            {report.skipped.map((page) => (
              <List.Item key={page.url}>
                <Text span size="sm" style={{ wordBreak: 'break-all' }}>
                  {page.url}
                </Text>
                <Text span size="sm" c="dimmed">{` — ${reasonText(page)}`}</Text>
              </List.Item>
            ))}
          </List>
        </ScrollArea.Autosize>
      )}
    </Stack>
  );
}
