import { Injectable } from '@nestjs/common';
import { UserRole } from '../common/auth/auth-user';
import { PageRequest } from '../common/pagination/pagination';
import { TenantRepository } from '../common/tenancy/tenant.repository';
import { TransactionHost } from '@nestjs-cls/transactional';
import { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { Dialect } from '../database/dialect';
import { Membership } from './membership.entity';

/** A member of an organisation as its member list shows it. */
export interface MemberRow {
  user_id: number;
  email: string;
  role: UserRole;
  created_at: Date;
}

/** One of a user's memberships, with its organisation's name. */
export interface MembershipRow {
  organisation: { id: number; name: string };
  role: UserRole;
}

/**
 * Memberships (table memberships): who belongs to which organisation, with which role. The
 * organisation comes first in every query of one organisation's members; a user's own list of
 * memberships is the one query by user.
 */
@Injectable()
export class MembershipsRepository extends TenantRepository<Membership> {
  constructor(txHost: TransactionHost<TransactionalAdapterTypeOrm>, dialect: Dialect) {
    super(txHost, Membership, dialect);
  }

  find(orgId: number, userId: number): Promise<Membership | null> {
    return this.findOneScoped(orgId, { where: { user_id: userId } });
  }

  async add(orgId: number, userId: number, role: UserRole): Promise<Membership> {
    return this.repository.save(
      this.repository.create({ organisation_id: orgId, user_id: userId, role }),
    );
  }

  /** Sets the role; false when the user is not (or no longer) a member. */
  async setRole(orgId: number, userId: number, role: UserRole): Promise<boolean> {
    const result = await this.repository.update(
      { organisation_id: orgId, user_id: userId },
      { role },
    );
    return (result.affected ?? 0) > 0;
  }

  /** Ends the membership; false when there was none. */
  async remove(orgId: number, userId: number): Promise<boolean> {
    const result = await this.repository.delete({ organisation_id: orgId, user_id: userId });
    return (result.affected ?? 0) > 0;
  }

  countAdmins(orgId: number): Promise<number> {
    return this.repository.count({ where: { organisation_id: orgId, role: 'admin' } });
  }

  /** A page of the organisation's members, by e-mail, and how many there are. */
  async page(orgId: number, request: PageRequest): Promise<[MemberRow[], number]> {
    const [memberships, count] = await this.repository.findAndCount({
      where: { organisation_id: orgId },
      relations: { user: true },
      order: { user: { email: 'ASC' }, id: 'ASC' },
      skip: request.offset,
      take: request.perPage,
    });
    return [memberships.map(memberRow), count];
  }

  /** The member with this user id, with their e-mail, or null. */
  async member(orgId: number, userId: number): Promise<MemberRow | null> {
    const found = await this.findOneScoped(orgId, {
      where: { user_id: userId },
      relations: { user: true },
    });
    return found ? memberRow(found) : null;
  }

  /** Every membership of the user, by organisation name then id. */
  async ofUser(userId: number): Promise<MembershipRow[]> {
    const rows = await this.repository
      .createQueryBuilder('m')
      .innerJoin('m.organisation', 'o')
      .select(['o.id AS id', 'o.name AS name', 'm.role AS role'])
      .where('m.user_id = :userId', { userId })
      .orderBy('o.name', 'ASC')
      .addOrderBy('o.id', 'ASC')
      .getRawMany<{ id: number; name: string; role: UserRole }>();
    return rows.map((row) => ({
      organisation: { id: Number(row.id), name: row.name },
      role: row.role,
    }));
  }

  /** The user's first membership (the oldest), where a new token or session acts by default. */
  first(userId: number): Promise<Membership | null> {
    return this.repository.findOne({ where: { user_id: userId }, order: { id: 'ASC' } });
  }
}

function memberRow(membership: Membership): MemberRow {
  return {
    user_id: membership.user_id,
    email: membership.user!.email,
    role: membership.role,
    created_at: membership.created_at,
  };
}
