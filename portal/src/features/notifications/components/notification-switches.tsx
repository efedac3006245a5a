import { Card, Switch } from '@partner-portal/ui-kit';

import type { PartnerNotificationPreferences } from '../api/get-notification-preferences';

import styles from './notification-settings.module.css';

export type NotificationChoices = Pick<
  PartnerNotificationPreferences,
  'claimUpdates' | 'filingDeadlines' | 'lowStock'
>;

export interface NotificationSwitchesProps {
  /** The choices on screen: the saved ones, or the one being saved. */
  choices: NotificationChoices;
  /** While a change is saved, the switches wait for it. */
  saving: boolean;
  onChange: (change: Partial<NotificationChoices>) => void;
}

/** Each choice of docs/product.md (Notification preferences): its switch, and the value "on" saves. */
const CHOICES = [
  {
    key: 'claimUpdates',
    on: 'instant',
    label: 'Claim updates',
    description:
      'An e-mail as soon as one of your claims changes status, or staff ask you something. Never about a change you made yourself.',
  },
  {
    key: 'filingDeadlines',
    on: 'daily_digest',
    label: 'Filing deadlines',
    description:
      "A daily digest at 08:00 (the partner's time) of the losses, damages and draft claims whose filing window closes in 7, 3 or 1 days. Sent only when there is something to say.",
  },
  {
    key: 'lowStock',
    on: 'daily_digest',
    label: 'Low stock',
    description:
      'In the same daily digest: the items that became low or ran out since the last one.',
  },
] as const satisfies ReadonlyArray<{
  key: keyof NotificationChoices;
  on: NotificationChoices[keyof NotificationChoices];
  label: string;
  description: string;
}>;

/**
 * The three choices, one switch each: a switch applies at once (the ui-kit's Switch has no Save
 * button).
 */
export function NotificationSwitches({ choices, saving, onChange }: NotificationSwitchesProps) {
  return (
    <Card title="E-mail" headingLevel={2} aria-busy={saving || undefined}>
      <div className={styles.switches}>
        {CHOICES.map((choice) => (
          <Switch
            key={choice.key}
            label={choice.label}
            description={choice.description}
            checked={choices[choice.key] === choice.on}
            disabled={saving}
            onCheckedChange={(on) => onChange({ [choice.key]: on ? choice.on : 'off' })}
          />
        ))}
      </div>
    </Card>
  );
}
