import { Entity, PrimaryColumn, type Relation } from 'typeorm';
import { References } from '../database/columns.js';
import { Partner } from '../partners/partner.entity.js';
import { BigCount } from './rollup-columns.js';

/**
 * The version of a partner's analytics inputs: raised, at commit, by every transaction that changes a
 * row of the rollups an analytics answer is read from (migration 1796200000000-analytics-versions), so
 * an answer built for a version is still exact while the version holds. Never written by the
 * application.
 */
@Entity({ name: 'analytics_versions' })
export class AnalyticsVersion {
  @PrimaryColumn({
    name: 'partner_id',
    type: 'uuid',
    primaryKeyConstraintName: 'analytics_versions_pkey',
  })
  partnerId!: string;

  @References(() => Partner, 'analytics_versions', 'partner_id', 'CASCADE')
  partner?: Relation<Partner>;

  @BigCount('version')
  version!: number;
}
