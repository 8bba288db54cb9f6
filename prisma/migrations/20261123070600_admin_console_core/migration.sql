-- Admin console (issue 10, core): branch banks and messaging phones, IP allow-lists, resource limits,
-- impersonation audit, and a sign-in counter on users.

-- CreateEnum
CREATE TYPE "ResourceLimitCategory" AS ENUM ('CALLS', 'ROUTE_DIRECTIONS_WITHOUT_TRAFFIC', 'ROUTE_DIRECTIONS_WITH_TRAFFIC', 'TEXTS');

-- AlterTable
ALTER TABLE "User" ADD COLUMN "loginCount" INTEGER NOT NULL DEFAULT 0;

-- CreateTable
CREATE TABLE "BranchBank" (
    "id" TEXT NOT NULL,
    "branchId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "shortDescription" TEXT NOT NULL DEFAULT '',
    "paymentApiKey" TEXT NOT NULL DEFAULT '',
    "saleApiKey" TEXT NOT NULL DEFAULT '',
    "collectJsKey" TEXT NOT NULL DEFAULT '',
    "inactive" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "BranchBank_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "BranchMessagingPhone" (
    "id" TEXT NOT NULL,
    "branchId" TEXT NOT NULL,
    "phone" TEXT NOT NULL,
    "messagePlatform" "MessagePlatform" NOT NULL DEFAULT 'SMS',
    "description" TEXT NOT NULL DEFAULT '',
    "inactive" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "BranchMessagingPhone_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "BranchIpAllowEntry" (
    "id" TEXT NOT NULL,
    "branchId" TEXT NOT NULL,
    "cidr" TEXT NOT NULL,
    "comment" TEXT NOT NULL DEFAULT '',
    "createdByUserId" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "BranchIpAllowEntry_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ResourceLimit" (
    "id" TEXT NOT NULL,
    "tenantId" TEXT NOT NULL,
    "category" "ResourceLimitCategory" NOT NULL,
    "startDate" DATE NOT NULL,
    "endDate" DATE NOT NULL,
    "limit" INTEGER NOT NULL,
    "used" INTEGER NOT NULL DEFAULT 0,
    "warningPercent" INTEGER NOT NULL DEFAULT 80,
    "cutoffPercent" INTEGER NOT NULL DEFAULT 100,
    "lastUpdated" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ResourceLimit_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ImpersonationAudit" (
    "id" TEXT NOT NULL,
    "adminUserId" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "targetBranchId" TEXT NOT NULL,
    "action" TEXT NOT NULL,
    "operationName" TEXT NOT NULL DEFAULT '',
    "ip" TEXT NOT NULL DEFAULT '',
    "at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ImpersonationAudit_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "BranchBank_branchId_idx" ON "BranchBank"("branchId");

-- CreateIndex
CREATE UNIQUE INDEX "BranchMessagingPhone_branchId_phone_messagePlatform_key" ON "BranchMessagingPhone"("branchId", "phone", "messagePlatform");

-- CreateIndex
CREATE UNIQUE INDEX "BranchIpAllowEntry_branchId_cidr_key" ON "BranchIpAllowEntry"("branchId", "cidr");

-- CreateIndex
CREATE INDEX "ResourceLimit_tenantId_category_startDate_idx" ON "ResourceLimit"("tenantId", "category", "startDate");

-- CreateIndex
CREATE INDEX "ImpersonationAudit_adminUserId_at_idx" ON "ImpersonationAudit"("adminUserId", "at");

-- CreateIndex
CREATE INDEX "ImpersonationAudit_userId_at_idx" ON "ImpersonationAudit"("userId", "at");
