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

/**
 * The three choices of docs/product.md (Notification preferences), one switch each: a switch applies
 * at once (the ui-kit's Switch has no Save button).
 */
export function NotificationSwitches({ choices, saving, onChange }: NotificationSwitchesProps) {
  return (
    <Card title="E-mail" headingLevel={2} aria-busy={saving || undefined}>
      <div className={styles.switches}>
        <Switch
          label="Claim updates"
          description="An e-mail as soon as one of your claims changes status, or staff ask you something. Never about a change you made yourself."
          checked={choices.claimUpdates === 'instant'}
          disabled={saving}
          onCheckedChange={(on) => onChange({ claimUpdates: on ? 'instant' : 'off' })}
        />
        <Switch
          label="Filing deadlines"
          description="A daily digest at 08:00 (the partner's time) of the losses, damages and draft claims whose filing window closes in 7, 3 or 1 days. Sent only when there is something to say."
          checked={choices.filingDeadlines === 'daily_digest'}
          disabled={saving}
          onCheckedChange={(on) => onChange({ filingDeadlines: on ? 'daily_digest' : 'off' })}
        />
        <Switch
          label="Low stock"
          description="In the same daily digest: the items that became low or ran out since the last one."
          checked={choices.lowStock === 'daily_digest'}
          disabled={saving}
          onCheckedChange={(on) => onChange({ lowStock: on ? 'daily_digest' : 'off' })}
        />
      </div>
    </Card>
  );
}
