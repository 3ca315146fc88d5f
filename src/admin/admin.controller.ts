import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AuthUser } from '../common/auth/auth-user';
import { CurrentUser, RequireRole } from '../common/auth/decorators';
import { userActor } from '../event-log/event-actor';
import { ApiErrorResponses } from '../common/openapi/api-error-responses';
import { ApiErrorCode } from '../common/errors';
import { ok } from '../common/http/envelope';
import { AdminService } from './admin.service';
import {
  CreateHardwarePartDto,
  CreateOrganisationDto,
  CreateTokenDto,
  CreateUpgradeDataDto,
  CreateUserDto,
  UpsertMasterInventoryDto,
} from './dto/admin.dto';
import {
  CountEnvelope,
  HardwarePartEnvelope,
  IssuedTokenEnvelope,
  OrganisationEnvelope,
  UpgradeDataEnvelope,
  UserEnvelope,
} from './dto/admin.response';

/** Platform administration: super administrators only. */
@ApiTags('admin')
@ApiBearerAuth()
@RequireRole('super_admin')
@ApiErrorResponses(ApiErrorCode.Forbidden, ApiErrorCode.InvalidParameter)
@Controller('v1/admin')
export class AdminController {
  constructor(private readonly admin: AdminService) {}

  @Post('organisations')
  @HttpCode(200)
  @ApiOperation({
    operationId: 'create_organisation',
    description: 'Super administrators only.',
    summary: 'Create an organisation',
  })
  @ApiOkResponse({ type: OrganisationEnvelope })
  async createOrganisation(@Body() body: CreateOrganisationDto) {
    return ok(await this.admin.createOrganisation(body));
  }

  @Post('users')
  @HttpCode(200)
  @ApiOperation({
    operationId: 'create_user',
    description: 'Super administrators only. The email is unique.',
    summary: 'Create a user in an organisation',
  })
  @ApiOkResponse({ type: UserEnvelope })
  async createUser(@Body() body: CreateUserDto) {
    return ok(await this.admin.createUser(body));
  }

  @Post('tokens')
  @HttpCode(200)
  @ApiOperation({
    operationId: 'create_token',
    description:
      'Super administrators only. The token secret is answered once and stored only as a hash.',
    summary: 'Issue an access token for a user (the secret is shown once)',
  })
  @ApiOkResponse({ type: IssuedTokenEnvelope })
  async createToken(@CurrentUser() user: AuthUser, @Body() body: CreateTokenDto) {
    return ok(await this.admin.issueToken(body, userActor(user)));
  }

  @Post('hardware_parts')
  @HttpCode(200)
  @ApiOperation({
    operationId: 'create_hardware_part',
    description: 'Super administrators only. The part number is unique.',
    summary: 'Create a hardware part',
  })
  @ApiOkResponse({ type: HardwarePartEnvelope })
  async createHardwarePart(@Body() body: CreateHardwarePartDto) {
    return ok(await this.admin.createHardwarePart(body));
  }

  @Post('master_inventory')
  @HttpCode(200)
  @ApiOperation({
    operationId: 'upsert_master_inventory',
    description:
      'Super administrators only. Devices are upserted by serial; MACs are accepted as ' +
      '`0a:1b:2c:3d:4e:5f`, `0A-1B-2C-3D-4E-5F` or `0a1b2c3d4e5f` and stored as `0A:1B:2C:3D:4E:5F`.',
    summary: 'Upsert devices of the master inventory by serial',
  })
  @ApiOkResponse({ type: CountEnvelope })
  async upsertMasterInventory(@Body() body: UpsertMasterInventoryDto) {
    return ok(await this.admin.upsertMasterInventory(body));
  }

  @Post('upgrade_data')
  @HttpCode(200)
  @ApiOperation({
    operationId: 'create_upgrade_data',
    description:
      'Super administrators only. `url` maps hardware part numbers to firmware locations.',
    summary: 'Publish a firmware release (global without organisation_id)',
  })
  @ApiOkResponse({ type: UpgradeDataEnvelope })
  async createUpgradeData(@Body() body: CreateUpgradeDataDto) {
    return ok(await this.admin.createUpgradeData(body));
  }
}
