-- CreateEnum
CREATE TYPE "Retailer" AS ENUM ('COSTCO', 'HOME_DEPOT', 'LOWES');

-- CreateTable
CREATE TABLE "RetailerSettings" (
    "id" TEXT NOT NULL,
    "branchId" TEXT NOT NULL,
    "retailer" "Retailer" NOT NULL,
    "baseUrl" TEXT NOT NULL DEFAULT '',
    "accountId" TEXT NOT NULL DEFAULT '',
    "secretEncrypted" TEXT NOT NULL DEFAULT '',
    "secretHint" TEXT NOT NULL DEFAULT '',
    "enabled" BOOLEAN NOT NULL DEFAULT true,
    "pollMinutes" INTEGER NOT NULL DEFAULT 5,
    "autoImport" BOOLEAN NOT NULL DEFAULT false,
    "defaultLeadSourceId" TEXT,
    "lastPolledAt" TIMESTAMP(3),
    "nextPollAt" TIMESTAMP(3),
    "lastPollError" TEXT NOT NULL DEFAULT '',
    "leaseUntil" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "RetailerSettings_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "RetailerStore" (
    "id" TEXT NOT NULL,
    "branchId" TEXT NOT NULL,
    "retailer" "Retailer" NOT NULL,
    "storeNumber" TEXT NOT NULL,
    "name" TEXT NOT NULL DEFAULT '',
    "city" TEXT NOT NULL DEFAULT '',
    "stateCode" TEXT NOT NULL DEFAULT '',
    "leadSourceId" TEXT,
    "inactive" BOOLEAN NOT NULL DEFAULT false,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "RetailerStore_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "RetailerService" (
    "id" TEXT NOT NULL,
    "branchId" TEXT NOT NULL,
    "retailer" "Retailer" NOT NULL,
    "code" TEXT NOT NULL,
    "name" TEXT NOT NULL DEFAULT '',
    "offered" BOOLEAN NOT NULL DEFAULT true,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "RetailerService_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "RetailerEmployee" (
    "id" TEXT NOT NULL,
    "branchId" TEXT NOT NULL,
    "retailer" "Retailer" NOT NULL,
    "employeeId" TEXT NOT NULL,
    "name" TEXT NOT NULL DEFAULT '',
    "storeNumber" TEXT NOT NULL DEFAULT '',
    "personId" TEXT,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "RetailerEmployee_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "RetailerFeedItem" (
    "id" TEXT NOT NULL,
    "branchId" TEXT NOT NULL,
    "retailer" "Retailer" NOT NULL,
    "retailLeadId" TEXT NOT NULL,
    "storeNumber" TEXT NOT NULL DEFAULT '',
    "serviceCode" TEXT NOT NULL DEFAULT '',
    "employeeId" TEXT NOT NULL DEFAULT '',
    "payload" JSONB NOT NULL DEFAULT '{}',
    "referredAt" TIMESTAMP(3),
    "openedOnRetailer" BOOLEAN NOT NULL DEFAULT false,
    "outcome" TEXT NOT NULL DEFAULT 'NEW',
    "reason" TEXT NOT NULL DEFAULT '',
    "leadId" TEXT,
    "duplicateOfLeadId" TEXT,
    "decidedAt" TIMESTAMP(3),
    "decidedByPersonId" TEXT,
    "receivedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "writeBackState" TEXT NOT NULL DEFAULT 'NONE',
    "writeBackAttempts" INTEGER NOT NULL DEFAULT 0,
    "writeBackNextAt" TIMESTAMP(3),
    "writeBackError" TEXT NOT NULL DEFAULT '',
    "writeBackConfirmedAt" TIMESTAMP(3),

    CONSTRAINT "RetailerFeedItem_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "RetailerSettings_nextPollAt_idx" ON "RetailerSettings"("nextPollAt");

-- CreateIndex
CREATE UNIQUE INDEX "RetailerSettings_branchId_retailer_key" ON "RetailerSettings"("branchId", "retailer");

-- CreateIndex
CREATE UNIQUE INDEX "RetailerStore_branchId_retailer_storeNumber_key" ON "RetailerStore"("branchId", "retailer", "storeNumber");

-- CreateIndex
CREATE UNIQUE INDEX "RetailerService_branchId_retailer_code_key" ON "RetailerService"("branchId", "retailer", "code");

-- CreateIndex
CREATE UNIQUE INDEX "RetailerEmployee_branchId_retailer_employeeId_key" ON "RetailerEmployee"("branchId", "retailer", "employeeId");

-- CreateIndex
CREATE INDEX "RetailerFeedItem_branchId_retailer_outcome_receivedAt_idx" ON "RetailerFeedItem"("branchId", "retailer", "outcome", "receivedAt");

-- CreateIndex
CREATE INDEX "RetailerFeedItem_writeBackState_writeBackNextAt_idx" ON "RetailerFeedItem"("writeBackState", "writeBackNextAt");

-- CreateIndex
CREATE UNIQUE INDEX "RetailerFeedItem_branchId_retailer_retailLeadId_key" ON "RetailerFeedItem"("branchId", "retailer", "retailLeadId");
