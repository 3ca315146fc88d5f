import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { RequireRole } from '../common/auth/decorators';
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

/** Platform administration (CONTRACT 5): super administrators only. */
@ApiTags('admin')
@ApiBearerAuth()
@RequireRole('super_admin')
@ApiErrorResponses(
  ApiErrorCode.Unauthenticated,
  ApiErrorCode.Forbidden,
  ApiErrorCode.InvalidParameter,
)
@Controller('v1/admin')
export class AdminController {
  constructor(private readonly admin: AdminService) {}

  @Post('organisations')
  @HttpCode(200)
  @ApiOperation({ summary: 'Create an organisation' })
  async createOrganisation(@Body() body: CreateOrganisationDto) {
    return ok(await this.admin.createOrganisation(body));
  }

  @Post('users')
  @HttpCode(200)
  @ApiOperation({ summary: 'Create a user in an organisation' })
  async createUser(@Body() body: CreateUserDto) {
    return ok(await this.admin.createUser(body));
  }

  @Post('tokens')
  @HttpCode(200)
  @ApiOperation({ summary: 'Issue an access token for a user (the secret is shown once)' })
  async createToken(@Body() body: CreateTokenDto) {
    return ok(await this.admin.issueToken(body));
  }

  @Post('hardware_parts')
  @HttpCode(200)
  @ApiOperation({ summary: 'Create a hardware part' })
  async createHardwarePart(@Body() body: CreateHardwarePartDto) {
    return ok(await this.admin.createHardwarePart(body));
  }

  @Post('master_inventory')
  @HttpCode(200)
  @ApiOperation({ summary: 'Upsert devices of the master inventory by serial' })
  async upsertMasterInventory(@Body() body: UpsertMasterInventoryDto) {
    return ok(await this.admin.upsertMasterInventory(body));
  }

  @Post('upgrade_data')
  @HttpCode(200)
  @ApiOperation({ summary: 'Publish a firmware release (global without organisation_id)' })
  async createUpgradeData(@Body() body: CreateUpgradeDataDto) {
    return ok(await this.admin.createUpgradeData(body));
  }
}
