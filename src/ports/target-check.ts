/** Whether a URL a user gives (a webhook endpoint) is a target outbound requests may reach. The
 * guarded fetcher checks again on every request; this is the early answer at configuration time. */
export type TargetVerdict = { ok: true } | { ok: false; reason: string };

export interface TargetCheck {
  check(url: string): Promise<TargetVerdict>;
}
