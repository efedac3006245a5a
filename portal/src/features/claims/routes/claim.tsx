import { useParams } from 'react-router-dom';

import { paths } from '@/config/paths';
import { PlaceholderScreen } from '@/lib/placeholder-screen';

export function ClaimRoute() {
  const { claimId = '' } = useParams();
  return (
    <PlaceholderScreen
      title="Claim"
      description={`Claim ${claimId}`}
      back={{ href: paths.claims, label: 'Back to claims' }}
      emptyTitle="No claim details to show yet"
      emptyDescription="The claim's fields, amounts, status, evidence files and timeline will appear here."
    />
  );
}
