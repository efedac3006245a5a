import {
  Button,
  DropdownMenu,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
} from '@partner-portal/ui-kit';
import { useLocation, useNavigate } from 'react-router-dom';

import type { Membership } from '@/lib/auth';

import { roleLabels } from '../roles';
import { switchPartnerPath } from '../sections';

import styles from './shell.module.css';

export interface PartnerSwitcherProps {
  /** The partner on screen: its slug, and its name (none when the partner was not found). */
  current: { slug: string; name?: string };
  /** The partners the person belongs to. */
  memberships: readonly Membership[];
}

/**
 * The partner on screen, and a menu of the person's other partners. Switching keeps the section:
 * from /acme-outdoor/claims to /northwind/claims.
 */
export function PartnerSwitcher({ current, memberships }: PartnerSwitcherProps) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const others = memberships.filter(({ partner }) => partner.slug !== current.slug);

  if (others.length === 0) {
    return current.name ? <span className={styles.partnerName}>{current.name}</span> : null;
  }

  return (
    <DropdownMenu
      align="end"
      trigger={
        current.name ? (
          <Button variant="secondary" size="sm" aria-label={`${current.name}, switch partner`}>
            {current.name}
          </Button>
        ) : (
          <Button variant="secondary" size="sm">
            Switch partner
          </Button>
        )
      }
    >
      <DropdownMenuLabel>Switch partner</DropdownMenuLabel>
      <DropdownMenuRadioGroup
        value={current.slug}
        onValueChange={(slug) => {
          void navigate(switchPartnerPath(pathname, current.slug, slug));
        }}
      >
        {memberships.map(({ partner, role }) => (
          <DropdownMenuRadioItem
            key={partner.slug}
            value={partner.slug}
            description={roleLabels[role]}
          >
            {partner.name}
          </DropdownMenuRadioItem>
        ))}
      </DropdownMenuRadioGroup>
    </DropdownMenu>
  );
}
