import { PageTitle } from '../components/feedback.tsx';

export function AgentsPage() {
  return <PageTitle>To be built</PageTitle>;
}
