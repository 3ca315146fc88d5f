import { Global, Module } from '@nestjs/common';
import { OrganisationsRepository } from './organisations.repository';

@Global()
@Module({ providers: [OrganisationsRepository], exports: [OrganisationsRepository] })
export class OrganisationsModule {}
