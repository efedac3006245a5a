import { useParams } from 'react-router-dom';

/** The `:partnerSlug` of the current partner screen; only valid below the `/:partnerSlug` route. */
export function usePartnerSlug(): string {
  const { partnerSlug } = useParams();
  if (partnerSlug === undefined) {
    throw new Error('usePartnerSlug() is used outside the /:partnerSlug route');
  }
  return partnerSlug;
}
