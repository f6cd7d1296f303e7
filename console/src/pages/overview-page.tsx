import { PageTitle } from '../components/feedback.tsx';

export function OverviewPage() {
  return <PageTitle>To be built</PageTitle>;
}
