-- CreateEnum
CREATE TYPE "LeadAutomationAction" AS ENUM ('DISCARD_LEAD');

-- CreateEnum
CREATE TYPE "LeadAutomationComparator" AS ENUM ('EQUALS', 'HAS_VALUE');

-- AlterTable
ALTER TABLE "Lead" ADD COLUMN     "mergedIntoId" TEXT;

-- CreateTable
CREATE TABLE "LeadView" (
    "id" TEXT NOT NULL,
    "branchId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "description" TEXT NOT NULL DEFAULT '',
    "creatorPersonId" TEXT,
    "isPublic" BOOLEAN NOT NULL DEFAULT false,
    "filter" JSONB NOT NULL DEFAULT '{}',
    "groupBy" TEXT NOT NULL DEFAULT '',
    "columns" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "sortBy" TEXT NOT NULL DEFAULT 'enteredTime',
    "sortAscending" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastModified" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "LeadView_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "LeadAutomation" (
    "id" TEXT NOT NULL,
    "branchId" TEXT NOT NULL,
    "order" INTEGER NOT NULL DEFAULT 0,
    "action" "LeadAutomationAction" NOT NULL DEFAULT 'DISCARD_LEAD',
    "nativeFieldName" "NativeLeadField",
    "customFieldId" TEXT,
    "comparator" "LeadAutomationComparator" NOT NULL,
    "value" TEXT NOT NULL DEFAULT '',
    "discardReasonId" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "LeadAutomation_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "LeadChange" (
    "id" TEXT NOT NULL,
    "branchId" TEXT NOT NULL,
    "leadId" TEXT NOT NULL,
    "personId" TEXT,
    "kind" TEXT NOT NULL,
    "changes" JSONB NOT NULL DEFAULT '{}',
    "summary" TEXT NOT NULL DEFAULT '',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "LeadChange_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "LeadMerge" (
    "id" TEXT NOT NULL,
    "branchId" TEXT NOT NULL,
    "survivorId" TEXT NOT NULL,
    "mergedLeadIds" TEXT[],
    "matchedKey" TEXT NOT NULL DEFAULT '',
    "personId" TEXT,
    "before" JSONB NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "undoneAt" TIMESTAMP(3),
    "undonePersonId" TEXT,

    CONSTRAINT "LeadMerge_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "LeadConfiguration" (
    "id" TEXT NOT NULL,
    "branchId" TEXT NOT NULL,
    "leadSegregationMapId" TEXT,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "LeadConfiguration_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "LeadPersonZoneAccess" (
    "id" TEXT NOT NULL,
    "branchId" TEXT NOT NULL,
    "personId" TEXT NOT NULL,
    "enforceZonePermission" BOOLEAN NOT NULL DEFAULT false,
    "zoneIds" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "LeadPersonZoneAccess_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "LeadView_branchId_creatorPersonId_idx" ON "LeadView"("branchId", "creatorPersonId");

-- CreateIndex
CREATE INDEX "LeadAutomation_branchId_order_idx" ON "LeadAutomation"("branchId", "order");

-- CreateIndex
CREATE INDEX "LeadChange_leadId_createdAt_idx" ON "LeadChange"("leadId", "createdAt");

-- CreateIndex
CREATE INDEX "LeadChange_branchId_kind_createdAt_idx" ON "LeadChange"("branchId", "kind", "createdAt");

-- CreateIndex
CREATE INDEX "LeadMerge_branchId_createdAt_idx" ON "LeadMerge"("branchId", "createdAt");

-- CreateIndex
CREATE INDEX "LeadMerge_branchId_survivorId_idx" ON "LeadMerge"("branchId", "survivorId");

-- CreateIndex
CREATE UNIQUE INDEX "LeadConfiguration_branchId_key" ON "LeadConfiguration"("branchId");

-- CreateIndex
CREATE UNIQUE INDEX "LeadPersonZoneAccess_personId_key" ON "LeadPersonZoneAccess"("personId");

-- CreateIndex
CREATE INDEX "LeadPersonZoneAccess_branchId_idx" ON "LeadPersonZoneAccess"("branchId");

-- CreateIndex
CREATE INDEX "Lead_branchId_leadSourceId_enteredTime_idx" ON "Lead"("branchId", "leadSourceId", "enteredTime");

-- CreateIndex
CREATE INDEX "Lead_branchId_personId_enteredTime_idx" ON "Lead"("branchId", "personId", "enteredTime");

-- CreateIndex
CREATE INDEX "Lead_branchId_leadFormId_enteredTime_idx" ON "Lead"("branchId", "leadFormId", "enteredTime");

-- CreateIndex
CREATE INDEX "Lead_branchId_zoneId_enteredTime_idx" ON "Lead"("branchId", "zoneId", "enteredTime");

-- CreateIndex
CREATE INDEX "Lead_branchId_mergedIntoId_idx" ON "Lead"("branchId", "mergedIntoId");
