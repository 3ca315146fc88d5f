import { Global, Module } from '@nestjs/common';
import { BearerStrategy } from './bearer.strategy';
import { TokensController } from './tokens.controller';
import { TokensService } from './tokens.service';
import { UsersRepository } from './users.repository';
import { UsersService } from './users.service';

@Global()
@Module({
  controllers: [TokensController],
  providers: [UsersRepository, UsersService, TokensService, BearerStrategy],
  exports: [UsersRepository, UsersService],
})
export class UsersModule {}
