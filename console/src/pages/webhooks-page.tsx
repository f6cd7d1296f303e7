import { PageTitle } from '../components/feedback.tsx';

export function WebhooksPage() {
  return <PageTitle>To be built</PageTitle>;
}
