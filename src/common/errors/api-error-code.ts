/** Every error code the API answers (the OpenAPI document lists them per operation). */
export enum ApiErrorCode {
  NetworkNotFound = 1001,
  CloneSourceMissing = 1002,
  CloneSourceNotFound = 1003,
  NetworkSaveFailed = 1004,
  DeviceLimitReached = 1005,
  InvalidMacs = 1006,
  NetworkDestroyFailed = 1007,
  NetworkHasDevices = 1008,
  NetworkUpdateFailed = 1010,
  DeviceNotFound = 1011,
  ProvisioningMacMissing = 1012,
  NoMatchingDevices = 1013,
  InitTemplateNotFound = 1014,
  ApplyConfigurationParamsMissing = 1015,
  UplinkNotApplied = 1016,
  ReleaseFailed = 1017,
  RemoveFailed = 1018,
  MoveTargetNotFound = 1019,
  MoveFailed = 1020,
  SsidNotFound = 1021,
  SsidUpdateFailed = 1022,
  SsidNeedsRouterModeAndDhcp = 1023,
  SsidCreateFailed = 1024,
  SsidDestroyFailed = 1025,
  NoDevicesGiven = 1026,
  SerialMissing = 1027,
  Unauthenticated = 1028,
  Forbidden = 1029,
  InvalidParameter = 1030,
  RateLimited = 1031,
  MalformedJson = 1032,
  PayloadTooLarge = 1033,
  RouteNotFound = 1034,
  InternalError = 1035,
  /** Device credentials missing, malformed or wrong (401, WWW-Authenticate Basic). */
  DeviceUnauthenticated = 1036,
  /** The device is in no organisation's inventory. */
  DeviceNotClaimed = 1037,
  /** Rollout not found. */
  RolloutNotFound = 1038,
  /** The rollout is not running. */
  RolloutNotRunning = 1039,
  /** The database is unreachable (sent with Retry-After). */
  ServiceUnavailable = 1040,
  /** An access token that is not among the caller's own. */
  TokenNotFound = 1041,
  /** Webhook or delivery not found. */
  WebhookNotFound = 1042,
  /** Alert rule not found. */
  AlertRuleNotFound = 1043,
  /** Command not found. */
  CommandNotFound = 1044,
  /** The command is not queued (cancel). */
  CommandNotQueued = 1045,
  /** A per-organisation or per-device limit is reached. */
  LimitReached = 1046,
  /** The webhook URL's host is or resolves to a refused address. */
  RefusedAddress = 1047,
  /** Wi-Fi client not found. */
  ClientNotFound = 1048,
  /** The network has no draft. */
  DraftNotFound = 1049,
  /** The draft is based on an older configuration version of its network. */
  DraftOutdated = 1050,
  /** A configuration rollout is running on the network. */
  ConfigRolloutRunning = 1051,
  /** The configuration rollout is missing or another organisation's. */
  ConfigRolloutNotFound = 1052,
  /** The organisation would have no admin left. */
  NoAdminLeft = 1053,
  /** Member not found. */
  MemberNotFound = 1054,
  /** Invitation not found, used, revoked or expired. */
  InvitationNotFound = 1055,
}

/** The HTTP status of each code; the compiler checks that every code has one. */
export const HTTP_STATUS_OF: Record<ApiErrorCode, number> = {
  [ApiErrorCode.NetworkNotFound]: 404,
  [ApiErrorCode.CloneSourceMissing]: 422,
  [ApiErrorCode.CloneSourceNotFound]: 422,
  [ApiErrorCode.NetworkSaveFailed]: 422,
  [ApiErrorCode.DeviceLimitReached]: 422,
  [ApiErrorCode.InvalidMacs]: 422,
  [ApiErrorCode.NetworkDestroyFailed]: 422,
  [ApiErrorCode.NetworkHasDevices]: 422,
  [ApiErrorCode.NetworkUpdateFailed]: 422,
  [ApiErrorCode.DeviceNotFound]: 404,
  [ApiErrorCode.ProvisioningMacMissing]: 422,
  [ApiErrorCode.NoMatchingDevices]: 404,
  [ApiErrorCode.InitTemplateNotFound]: 404,
  [ApiErrorCode.ApplyConfigurationParamsMissing]: 422,
  [ApiErrorCode.UplinkNotApplied]: 422,
  [ApiErrorCode.ReleaseFailed]: 422,
  [ApiErrorCode.RemoveFailed]: 422,
  [ApiErrorCode.MoveTargetNotFound]: 404,
  [ApiErrorCode.MoveFailed]: 422,
  [ApiErrorCode.SsidNotFound]: 404,
  [ApiErrorCode.SsidUpdateFailed]: 422,
  [ApiErrorCode.SsidNeedsRouterModeAndDhcp]: 422,
  [ApiErrorCode.SsidCreateFailed]: 422,
  [ApiErrorCode.SsidDestroyFailed]: 422,
  [ApiErrorCode.NoDevicesGiven]: 422,
  [ApiErrorCode.SerialMissing]: 422,
  [ApiErrorCode.Unauthenticated]: 401,
  [ApiErrorCode.Forbidden]: 403,
  [ApiErrorCode.InvalidParameter]: 422,
  [ApiErrorCode.RateLimited]: 429,
  [ApiErrorCode.MalformedJson]: 400,
  [ApiErrorCode.PayloadTooLarge]: 413,
  [ApiErrorCode.RouteNotFound]: 404,
  [ApiErrorCode.InternalError]: 500,
  [ApiErrorCode.DeviceUnauthenticated]: 401,
  [ApiErrorCode.DeviceNotClaimed]: 403,
  [ApiErrorCode.RolloutNotFound]: 404,
  [ApiErrorCode.RolloutNotRunning]: 422,
  [ApiErrorCode.ServiceUnavailable]: 503,
  [ApiErrorCode.TokenNotFound]: 404,
  [ApiErrorCode.WebhookNotFound]: 404,
  [ApiErrorCode.AlertRuleNotFound]: 404,
  [ApiErrorCode.CommandNotFound]: 404,
  [ApiErrorCode.CommandNotQueued]: 422,
  [ApiErrorCode.LimitReached]: 422,
  [ApiErrorCode.RefusedAddress]: 422,
  [ApiErrorCode.ClientNotFound]: 404,
  [ApiErrorCode.DraftNotFound]: 404,
  [ApiErrorCode.DraftOutdated]: 409,
  [ApiErrorCode.ConfigRolloutRunning]: 409,
  [ApiErrorCode.ConfigRolloutNotFound]: 404,
  [ApiErrorCode.NoAdminLeft]: 422,
  [ApiErrorCode.MemberNotFound]: 404,
  [ApiErrorCode.InvitationNotFound]: 404,
};
