import { PageTitle } from '../components/feedback.tsx';

export function MembersPage() {
  return <PageTitle>To be built</PageTitle>;
}
