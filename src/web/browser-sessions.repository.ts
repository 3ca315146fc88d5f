import { Injectable } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { LessThanOrEqual } from 'typeorm';
import { BrowserSession } from './browser-session.entity';

/** Signed-in browser sessions (table web_sessions), looked up by the hash of their secret. */
@Injectable()
export class BrowserSessionsRepository {
  constructor(private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>) {}

  private get sessions() {
    return this.txHost.tx.getRepository(BrowserSession);
  }

  async create(
    fields: Pick<
      BrowserSession,
      'session_hash' | 'user_id' | 'membership_id' | 'password_tag' | 'expires_at'
    >,
  ): Promise<void> {
    await this.sessions.insert(fields);
  }

  /** The session with this hash, its user and its membership, in one query. */
  findByHash(sessionHash: string): Promise<BrowserSession | null> {
    return this.sessions.findOne({
      where: { session_hash: sessionHash },
      relations: { user: true, membership: true },
    });
  }

  /** The membership the session acts in from now on. */
  async moveTo(sessionHash: string, membershipId: number): Promise<void> {
    await this.sessions.update({ session_hash: sessionHash }, { membership_id: membershipId });
  }

  async deleteByHash(sessionHash: string): Promise<void> {
    await this.sessions.delete({ session_hash: sessionHash });
  }

  async deleteExpired(now: Date): Promise<void> {
    await this.sessions.delete({ expires_at: LessThanOrEqual(now) });
  }
}
