import { PageTitle } from '../components/feedback.tsx';

export function KeysPage() {
  return <PageTitle>To be built</PageTitle>;
}
