import { Injectable } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { IsNull, MoreThan } from 'typeorm';
import { TenantRepository } from '../common/tenancy/tenant.repository';
import { Dialect } from '../database/dialect';
import { Invitation } from './invitation.entity';

/** Invitations (table invitations), with the inviting user where they are shown. */
@Injectable()
export class InvitationsRepository extends TenantRepository<Invitation> {
  constructor(txHost: TransactionHost<TransactionalAdapterTypeOrm>, dialect: Dialect) {
    super(txHost, Invitation, dialect);
  }

  async create(
    fields: Pick<
      Invitation,
      | 'organisation_id'
      | 'email'
      | 'role'
      | 'token_hash'
      | 'invited_by_id'
      | 'created_at'
      | 'expires_at'
    >,
  ): Promise<Invitation> {
    const saved = await this.repository.save(
      this.repository.create({ ...fields, accepted_at: null, revoked_at: null }),
    );
    return (await this.pending(fields.organisation_id, saved.id, new Date(0)))!;
  }

  /** The organisation's invitation with this id if it is pending at `now`, with its inviter. */
  pending(orgId: number, id: number, now: Date): Promise<Invitation | null> {
    return this.findOneScoped(orgId, {
      where: { id, accepted_at: IsNull(), revoked_at: IsNull(), expires_at: MoreThan(now) },
      relations: { invited_by: true },
    });
  }

  /** The organisation's pending invitations, oldest first, with their inviters. */
  allPending(orgId: number, now: Date): Promise<Invitation[]> {
    return this.findScoped(orgId, {
      where: { accepted_at: IsNull(), revoked_at: IsNull(), expires_at: MoreThan(now) },
      relations: { invited_by: true },
      order: { id: 'ASC' },
    });
  }

  /**
   * Revokes the organisation's pending invitations of this (lower-case) e-mail: a new one
   * replaces them. Answers their ids. Run under the organisation's lock, which every change of
   * its invitations but a revocation by id takes, so the ids read are those revoked.
   */
  async revokePendingOf(orgId: number, email: string, now: Date): Promise<number[]> {
    const where = { organisation_id: orgId, email, accepted_at: IsNull(), revoked_at: IsNull() };
    const pending = await this.repository.find({ select: { id: true }, where });
    if (pending.length > 0) {
      await this.repository.update(where, { revoked_at: now });
    }
    return pending.map(({ id }) => id);
  }

  /** Revokes the invitation if it is still pending; false when it was not. */
  async revoke(orgId: number, id: number, now: Date): Promise<boolean> {
    const result = await this.repository.update(
      {
        organisation_id: orgId,
        id,
        accepted_at: IsNull(),
        revoked_at: IsNull(),
        expires_at: MoreThan(now),
      },
      { revoked_at: now },
    );
    return (result.affected ?? 0) > 0;
  }

  /**
   * The invitation a token names, of any organisation (the token is the only key an invited
   * person holds), with its organisation; whether it is pending is the caller's to decide.
   */
  findByTokenHash(tokenHash: string): Promise<Invitation | null> {
    return this.repository.findOne({
      where: { token_hash: tokenHash },
      relations: { organisation: true },
    });
  }

  /**
   * Marks the invitation used if it is still pending at `now`: one conditional UPDATE, so that of
   * two concurrent acceptances one wins; false for the other.
   */
  async use(orgId: number, id: number, now: Date): Promise<boolean> {
    const result = await this.repository.update(
      {
        organisation_id: orgId,
        id,
        accepted_at: IsNull(),
        revoked_at: IsNull(),
        expires_at: MoreThan(now),
      },
      { accepted_at: now },
    );
    return (result.affected ?? 0) > 0;
  }
}
