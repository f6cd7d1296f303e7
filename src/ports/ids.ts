/** Prefixed, time-sortable identifiers (agt_, key_, evt_, …). */
export type IdPrefix =
  | 'acc'
  | 'mem'
  | 'agt'
  | 'key'
  | 'evt'
  | 'crd'
  | 'req'
  | 'conv'
  | 'msg'
  | 'src'
  | 'whk'
  | 'whd'
  | 'wha'
  | 'call'
  | 'chk'
  | 'usr'
  | 'ses'
  | 'qst'
  | 'site'
  | 'lease'
  | 'tq'
  | 'run';

export interface Ids {
  next(prefix: IdPrefix): string;
  /** A secret of `bytes` random bytes, base64url encoded. */
  secret(bytes: number): string;
}
