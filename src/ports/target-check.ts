/** Whether a URL a user gives (a webhook endpoint) is a target outbound requests may reach. The
 * guarded fetcher checks again on every request; this is the early answer at configuration time. */
/** Said with every refusal of a private or reserved address: the operator's way to allow one
 * (local development, an intranet site or receiver). */
export const PRIVATE_ADDRESS_HINT =
  'private and loopback addresses are refused unless the server\'s config file allows them (network.allowPrivateAddresses: true, or network.allowedAddresses: ["10.0.0.0/8", …])';

export type TargetVerdict = { ok: true } | { ok: false; reason: string };

export interface TargetCheck {
  check(url: string): Promise<TargetVerdict>;
}
