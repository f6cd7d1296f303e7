import type { MemberRecord, MemberRole } from '../../ports/member-store.ts';

export interface MemberView {
  id: string;
  email: string;
  role: MemberRole;
  createdAt: string;
}

export function toMemberView(member: MemberRecord): MemberView {
  return { id: member.id, email: member.email, role: member.role, createdAt: new Date(member.createdAt).toISOString() };
}
