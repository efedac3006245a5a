import { EmptyState, PageHeader } from '@partner-portal/ui-kit';
import { Link } from 'react-router-dom';

import { useDocumentTitle } from './document-title';
import { usePartnerSlug } from './use-partner-slug';

export interface PlaceholderScreenProps {
  /** The screen's heading and the first part of `document.title`. */
  title: string;
  /** What the screen is for, under the heading. */
  description: string;
  /** The empty state: what is not there yet. */
  emptyTitle: string;
  /** What will appear once it exists. */
  emptyDescription: string;
  /** The list a detail screen belongs to: a "Back to …" link in the header. */
  back?: { href: (partnerSlug: string) => string; label: string };
}

/** A partner screen whose domain is not built yet: its header and a designed empty state. */
export function PlaceholderScreen({
  title,
  description,
  emptyTitle,
  emptyDescription,
  back,
}: PlaceholderScreenProps) {
  const partnerSlug = usePartnerSlug();
  useDocumentTitle(title, partnerSlug);

  return (
    <>
      <PageHeader
        title={title}
        description={description}
        actions={back ? <Link to={back.href(partnerSlug)}>{back.label}</Link> : undefined}
      />
      <EmptyState headingLevel={2} title={emptyTitle} description={emptyDescription} />
    </>
  );
}
