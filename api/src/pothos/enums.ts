import * as E from "../generated/prisma/enums.ts";
import { builder } from "./builder.ts";

// GraphQL enums share the database's spelling (the Prisma enums), so a value reads the same in the
// database, the API and the web.
export const EmployeePermissionEnum = builder.enumType(E.EmployeePermission, { name: "EmployeePermission" });
export const BranchPortalFeatureEnum = builder.enumType(E.BranchPortalFeature, { name: "BranchPortalFeature" });
export const WatertightFeatureEnum = builder.enumType(E.WatertightFeature, { name: "WatertightFeature" });
export const ContactRoleEnum = builder.enumType(E.ContactRole, { name: "ContactRole" });
export const CustomerStatusEnum = builder.enumType(E.CustomerStatus, { name: "CustomerStatus" });
export const AcceptedPaymentTypesEnum = builder.enumType(E.AcceptedPaymentTypes, { name: "AcceptedPaymentTypes" });
export const EmphasisEnum = builder.enumType(E.Emphasis, { name: "Emphasis" });
export const PermissionActorTypeEnum = builder.enumType(E.PermissionActorType, { name: "PermissionActorType" });
export const ProductListingStatusEnum = builder.enumType(E.ProductListingStatus, { name: "ProductListingStatus" });
export const SortDirectionEnum = builder.enumType("SortDirection", { values: ["ASC", "DESC"] as const });
/** OnlineOrder.status (a text column): PENDING, SCHEDULED, COMPLETED, CANCELLED. */
export const OnlineOrderStatusEnum = builder.enumType("OnlineOrderStatus", {
  values: ["PENDING", "SCHEDULED", "COMPLETED", "CANCELLED"] as const,
});
export const MessagePlatformEnum = builder.enumType(E.MessagePlatform, { name: "MessagePlatform" });
export const ResourceLimitCategoryEnum = builder.enumType(E.ResourceLimitCategory, { name: "ResourceLimitCategory" });
export const MessageDeliveryStatusEnum = builder.enumType(E.MessageDeliveryStatus, { name: "MessageDeliveryStatus" });
export const AudienceEnum = builder.enumType(E.Audience, { name: "Audience" });
export const BannerTargetPortalEnum = builder.enumType(E.BannerTargetPortal, { name: "BannerTargetPortal" });
/** Weekdays MONDAY to SUNDAY. */
export const WeekdayEnum = builder.enumType(E.Weekday, { name: "Weekday" });
