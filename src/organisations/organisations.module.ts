import { Module } from '@nestjs/common';
import { OrganisationsRepository } from './organisations.repository';

/** Owns the organisations table. */
@Module({ providers: [OrganisationsRepository], exports: [OrganisationsRepository] })
export class OrganisationsModule {}
