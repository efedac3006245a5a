import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager, type SelectQueryBuilder } from 'typeorm';
import {
  defineList,
  keysetPage,
  type ListCursorCodec,
  type ListQuery,
  mapPage,
  type Page,
} from '../common/list/index.js';
import type { UserStatus } from '../users/user.entity.js';
import { Membership, type MembershipRole } from './membership.entity.js';

/** A person of a partner: the membership and the user's name, e-mail and state. */
export interface Member {
  userId: string;
  email: string;
  name: string;
  role: MembershipRole;
  status: UserStatus;
  memberSince: Date;
}

function toMember(membership: Membership): Member {
  const { user } = membership;
  if (user === undefined) throw new Error('membership loaded without its user');
  return {
    userId: membership.userId,
    email: user.email,
    name: user.name,
    role: membership.role,
    status: user.status,
    memberSince: membership.createdAt,
  };
}

/**
 * The members list (`GET /api/partners/{slug}/members`): by name by default; a role sorts by rank
 * (viewer, manager, admin), ties broken by the user id.
 */
export const MEMBER_LIST = defineList({
  id: 'partner-members',
  sortFields: {
    name: 'u.name',
    email: 'u.email',
    role: "CASE m.role WHEN 'viewer' THEN 1 WHEN 'manager' THEN 2 ELSE 3 END",
    memberSince: 'm.created_at',
  },
  defaultSort: 'name',
  idColumn: 'm.user_id',
});

/**
 * Every statement on `memberships` of one partner. Tenant data: every method takes the partner id
 * first, and every statement is scoped by it (the integration suite fails on one that is not).
 */
@Injectable()
export class MembersRepository {
  constructor(private readonly dataSource: DataSource) {}

  get manager(): EntityManager {
    return this.dataSource.manager;
  }

  private members(partnerId: string, manager: EntityManager): SelectQueryBuilder<Membership> {
    return manager
      .getRepository(Membership)
      .createQueryBuilder('m')
      .innerJoinAndSelect('m.user', 'u')
      .where('m.partnerId = :partnerId', { partnerId });
  }

  /** One page of the partner's members (keyset: see MEMBER_LIST), with the exact total. */
  async page(partnerId: string, query: ListQuery, codec: ListCursorCodec): Promise<Page<Member>> {
    const page = await keysetPage(this.members(partnerId, this.manager), {
      list: MEMBER_LIST,
      query,
      codec,
      boundTo: partnerId,
    });
    return mapPage(page, toMember);
  }

  async find(
    partnerId: string,
    userId: string,
    manager: EntityManager = this.manager,
  ): Promise<Member | undefined> {
    const membership = await this.members(partnerId, manager)
      .andWhere('m.userId = :userId', { userId })
      .getOne();
    return membership === null ? undefined : toMember(membership);
  }

  /** Whether someone with this e-mail (citext: regardless of case) is already a member. */
  async hasMemberWithEmail(partnerId: string, email: string): Promise<boolean> {
    return this.members(partnerId, this.manager)
      .andWhere('u.email = :email', { email })
      .getExists();
  }

  /** The member's role, the membership row locked until the transaction ends. */
  async lockRole(
    partnerId: string,
    userId: string,
    manager: EntityManager,
  ): Promise<MembershipRole | undefined> {
    const membership = await manager
      .getRepository(Membership)
      .createQueryBuilder('m')
      .select(['m.id', 'm.role'])
      .where('m.partnerId = :partnerId AND m.userId = :userId', { partnerId, userId })
      .setLock('pessimistic_write')
      .getOne();
    return membership?.role;
  }

  /** How many admins the partner has, their rows locked until the transaction ends. */
  async lockAdmins(partnerId: string, manager: EntityManager): Promise<number> {
    const admins = await manager
      .getRepository(Membership)
      .createQueryBuilder('m')
      .select(['m.id'])
      .where("m.partnerId = :partnerId AND m.role = 'admin'", { partnerId })
      .setLock('pessimistic_write')
      .getMany();
    return admins.length;
  }

  async setRole(
    partnerId: string,
    userId: string,
    role: MembershipRole,
    manager: EntityManager,
  ): Promise<void> {
    await manager.getRepository(Membership).update({ partnerId, userId }, { role });
  }

  async remove(partnerId: string, userId: string, manager: EntityManager): Promise<void> {
    await manager.getRepository(Membership).delete({ partnerId, userId });
  }

  /** Adds the user with this role; an existing membership stays as it is. */
  async add(
    partnerId: string,
    userId: string,
    role: MembershipRole,
    manager: EntityManager,
  ): Promise<void> {
    await manager
      .createQueryBuilder()
      .insert()
      .into(Membership)
      .values({ partnerId, userId, role })
      .orIgnore()
      .execute();
  }
}
