-- AlterEnum
-- This migration adds more than one value to an enum.
-- With PostgreSQL versions 11 and earlier, this is not possible
-- in a single migration. This can be worked around by creating
-- multiple migrations, each migration adding only one value to
-- the enum.


ALTER TYPE "AutomationEvent" ADD VALUE 'STOP_SKIPPED';
ALTER TYPE "AutomationEvent" ADD VALUE 'NEXT_DELIVERY_MOVED';
ALTER TYPE "AutomationEvent" ADD VALUE 'AUTOPAY_CARD_EXPIRING';
ALTER TYPE "AutomationEvent" ADD VALUE 'RENTAL_ANNIVERSARY';

-- AlterTable
ALTER TABLE "WorkOrder" ADD COLUMN     "skipReason" TEXT NOT NULL DEFAULT '',
ADD COLUMN     "skippedAt" TIMESTAMP(3);

-- AlterTable
ALTER TABLE "WorkflowShortcutExecution" ADD COLUMN     "done" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "savedActionId" TEXT,
ADD COLUMN     "total" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "undoneAt" TIMESTAMP(3),
ADD COLUMN     "undoneByPersonId" TEXT;

-- CreateTable
CREATE TABLE "WorkflowShortcutChange" (
    "id" TEXT NOT NULL,
    "branchId" TEXT NOT NULL,
    "executionId" TEXT NOT NULL,
    "entityId" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "targetId" TEXT NOT NULL,
    "before" JSONB,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "WorkflowShortcutChange_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "SavedAction" (
    "id" TEXT NOT NULL,
    "branchId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "description" TEXT NOT NULL DEFAULT '',
    "ownerPersonId" TEXT,
    "isPublic" BOOLEAN NOT NULL DEFAULT false,
    "shortcutId" TEXT NOT NULL,
    "tableId" "TableIdentifier" NOT NULL,
    "filter" JSONB NOT NULL DEFAULT '{}',
    "lastRunAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "SavedAction_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Rental" (
    "id" TEXT NOT NULL,
    "branchId" TEXT NOT NULL,
    "customerId" TEXT NOT NULL,
    "serviceAddressId" TEXT,
    "catalogItemId" TEXT,
    "description" TEXT NOT NULL,
    "startDate" DATE NOT NULL,
    "endDate" DATE,
    "monthlyCents" INTEGER NOT NULL DEFAULT 0,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Rental_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "RouteEventNotice" (
    "id" TEXT NOT NULL,
    "branchId" TEXT NOT NULL,
    "event" "AutomationEvent" NOT NULL,
    "entityId" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "RouteEventNotice_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "WorkflowShortcutChange_executionId_idx" ON "WorkflowShortcutChange"("executionId");

-- CreateIndex
CREATE INDEX "SavedAction_branchId_ownerPersonId_idx" ON "SavedAction"("branchId", "ownerPersonId");

-- CreateIndex
CREATE UNIQUE INDEX "SavedAction_branchId_name_key" ON "SavedAction"("branchId", "name");

-- CreateIndex
CREATE INDEX "Rental_branchId_customerId_idx" ON "Rental"("branchId", "customerId");

-- CreateIndex
CREATE UNIQUE INDEX "RouteEventNotice_branchId_event_entityId_key_key" ON "RouteEventNotice"("branchId", "event", "entityId", "key");

-- AddForeignKey
ALTER TABLE "WorkflowShortcutChange" ADD CONSTRAINT "WorkflowShortcutChange_executionId_fkey" FOREIGN KEY ("executionId") REFERENCES "WorkflowShortcutExecution"("id") ON DELETE CASCADE ON UPDATE CASCADE;
