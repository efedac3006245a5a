import { Button } from '../Button/Button';
import {
  DropdownMenu,
  DropdownMenuLabel,
  DropdownMenuLinkItem,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  type DropdownMenuProps,
} from '../DropdownMenu/DropdownMenu';
import { CheckIcon, ChevronDownIcon } from '../internal/icons';
import { VisuallyHidden } from '../internal/VisuallyHidden';
import styles from './PartnerSwitcher.module.css';

/** A partner the person belongs to. */
export interface PartnerSwitcherPartner {
  slug: string;
  name: string;
  /** The person's role there, shown under the name ("Manager"). */
  role?: string;
}

export interface PartnerSwitcherProps extends Omit<
  DropdownMenuProps,
  'trigger' | 'children' | 'onSelect'
> {
  /** The partners the person can open. */
  partners: PartnerSwitcherPartner[];
  /** Slug of the partner shown now. */
  currentSlug: string;
  /** Called with the chosen slug (button mode). */
  onSelect?: (slug: string) => void;
  /** Builds the URL of a partner (link mode: real links, open in a new tab works). */
  getHref?: (slug: string) => string;
  /** Prefix read before the current partner's name by screen readers, and the menu's heading. */
  label?: string;
}

/**
 * Shows the current partner and lets a person who belongs to several switch between them. With
 * one partner it is plain text.
 */
export function PartnerSwitcher({
  partners,
  currentSlug,
  onSelect,
  getHref,
  label = 'Partner',
  align = 'end',
  ...rest
}: PartnerSwitcherProps) {
  const current = partners.find((partner) => partner.slug === currentSlug);
  const name = current?.name ?? currentSlug;

  if (partners.length <= 1) {
    return (
      <span className={styles.single}>
        <VisuallyHidden>{label}: </VisuallyHidden>
        {name}
      </span>
    );
  }

  return (
    <DropdownMenu
      align={align}
      {...rest}
      trigger={
        <Button
          variant="ghost"
          size="sm"
          className={styles.trigger}
          trailingIcon={<ChevronDownIcon />}
        >
          <VisuallyHidden>{label}: </VisuallyHidden>
          <span className={styles.name}>{name}</span>
        </Button>
      }
    >
      <DropdownMenuLabel>{label}</DropdownMenuLabel>
      {getHref ? (
        partners.map((partner) => (
          <DropdownMenuLinkItem
            key={partner.slug}
            href={getHref(partner.slug)}
            icon={partner.slug === currentSlug ? <CheckIcon /> : <span />}
          >
            {partner.name}
            {partner.slug === currentSlug && <VisuallyHidden> (current)</VisuallyHidden>}
          </DropdownMenuLinkItem>
        ))
      ) : (
        <DropdownMenuRadioGroup value={currentSlug} onValueChange={(slug) => onSelect?.(slug)}>
          {partners.map((partner) => (
            <DropdownMenuRadioItem
              key={partner.slug}
              value={partner.slug}
              description={partner.role}
            >
              {partner.name}
            </DropdownMenuRadioItem>
          ))}
        </DropdownMenuRadioGroup>
      )}
    </DropdownMenu>
  );
}
