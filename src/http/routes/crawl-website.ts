import Type from 'typebox';
import { crawlWebsite, type CrawlProgress } from '../../domain/knowledge/crawl-website.ts';
import { createSseWriter, wantsEventStream } from '../sse.ts';
import { toPublicSource } from '../../domain/knowledge/source-view.ts';
import { abortOnClientClose } from '../abort-on-close.ts';
import { AUTHENTICATED_ERRORS, AgentIdParamsSchema, ErrorSchema, SECURITY, SourceSchema } from '../schemas.ts';
import { NOT_BLANK } from '../validation.ts';
import { requireContext, type ApiApp, type HttpDeps } from '../types.ts';

const CrawlBodySchema = Type.Object(
  {
    url: Type.String({
      minLength: 1,
      maxLength: 2_048,
      pattern: NOT_BLANK,
      description: 'An absolute http(s) URL; the crawl stays on its host.',
    }),
  },
  { additionalProperties: false },
);

const SkippedPageSchema = Type.Object({
  url: Type.String(),
  reason: Type.String({
    description:
      'known (already held under this normalised URL), duplicate (the same text as the held page `sameAs`), canonical (its `<link rel=canonical>` names the page `sameAs`, crawled instead; a page whose canonical page cannot be indexed, such as a 404, robots.txt or noindex, is indexed itself), noindex (the page says `noindex` in `<meta name="robots">` or `X-Robots-Tag`), redirect-loop (its redirects lead back to a URL they passed through), robots, not-html, http-error, blocked (a private address), off-site (a redirect or meta refresh leads off the site), timeout, too-large, empty, network.',
  }),
  status: Type.Optional(Type.Integer()),
  sameAs: Type.Optional(
    Type.String({
      description: 'For `duplicate`: the URL of the page holding the same text; for `canonical`: the page it names.',
    }),
  ),
});

/** POST /agents/{agentId}/sources/website: crawls and indexes a site's pages before answering. */
export function registerCrawlWebsite(app: ApiApp, deps: HttpDeps): void {
  app.post(
    '/agents/:agentId/sources/website',
    {
      config: {
        openapi: {
          eventStream: {
            description: 'With `Accept: text/event-stream`: progress frames, then the answer (described above).',
          },
          errors: ['PLAN_LIMIT_REACHED'],
        },
      },
      schema: {
        tags: ['Knowledge'],
        operationId: 'crawlWebsite',
        summary: 'Crawl a website',
        description:
          'Breadth first from `url` over the same host: robots.txt obeyed, sitemap.xml read, HTML pages only, each page one `website` source (title = page title). ' +
          'A page that says `noindex` (`<meta name="robots">` or `X-Robots-Tag`) is skipped as `noindex`; the links of one that says `nofollow` are not followed. ' +
          'A stub whose `<meta http-equiv="refresh">` sends readers on within 5 seconds is a redirect: not indexed, its target followed under the same rules as HTTP redirects (same site, robots.txt, loops). ' +
          'Pages the agent already has (same normalised URL: fragment, tracking parameters such as `utm_*`, `ref`, `fbclid`, `gclid`, a default document such as `/index.html` and a trailing slash do not count; a page whose same-site `<link rel=canonical>` names another URL is skipped as `canonical` and that URL crawled instead) are skipped as `known`, and a page with the same text as one it holds as `duplicate`, so a repeat crawl adds only new pages. The crawl is remembered as a site (`siteId`) that the console, the admin API and the CLI can re-sync (docs/knowledge-sync.md). Every hop, redirects included, is refused if it leads to a private, loopback, link-local or metadata address. ' +
          "The plan's crawled-page limit (per agent) or storage limit gives 403 `PLAN_LIMIT_REACHED`; pages indexed before it stay, and `error.output` lists them as the 200 answer does (`url`, `siteId`, `added` Sources, `skipped`; no `siteId` when the agent already held the limit), with the limit reached: `pages.limit` (the plan's crawled-page limit) when it was the pages, `storage.limit` when storage ran out (as on the other source-adding 403s). A start URL that cannot be fetched is 400 `INVALID_BODY`. " +
          'Emits one `source.added` carrying the submitted URL when at least one page was added. ' +
          'With `Accept: text/event-stream` the answer is a stream instead: `data: {"progress":{"found","added","skipped"}}` frames as pages are handled, then one frame with the JSON body below (or `{"success":false,"error":{…}}`), then an empty `data:` end marker. Errors found before the first page are ordinary JSON errors.',
        security: SECURITY,
        params: AgentIdParamsSchema,
        body: CrawlBodySchema,
        response: {
          200: Type.Object({
            success: Type.Literal(true),
            url: Type.String(),
            siteId: Type.String(),
            added: Type.Array(SourceSchema),
            skipped: Type.Array(SkippedPageSchema),
          }),
          400: ErrorSchema,
          404: ErrorSchema,
          ...AUTHENTICATED_ERRORS,
        },
      },
    },
    async (request, reply) => {
      const stream = wantsEventStream(request.headers.accept) ? createSseWriter(reply) : null;
      const onProgress = stream ? (progress: CrawlProgress) => stream.send({ progress }) : undefined;
      try {
        const report = await crawlWebsite(deps.domain, requireContext(request), request.params.agentId, request.body, {
          signal: abortOnClientClose(reply),
          onProgress,
        });
        const body = {
          success: true as const,
          url: report.url,
          siteId: report.siteId,
          added: report.added.map(toPublicSource),
          skipped: report.skipped,
        };
        if (!stream) return body;
        stream.send(body);
        stream.end();
      } catch (error) {
        if (!stream?.started) throw error;
        stream.fail(error);
        stream.end();
      }
      return reply;
    },
  );
}
