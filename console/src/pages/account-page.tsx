import { PageTitle } from '../components/feedback.tsx';

export function AccountPage() {
  return <PageTitle>To be built</PageTitle>;
}
