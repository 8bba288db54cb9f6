-- CreateEnum
CREATE TYPE "AutomationEvent" AS ENUM ('ACTIVITY_CREATED_AS_OPEN', 'ACTIVITY_RESOLVED', 'TESTING', 'WORK_ORDER_CREATED', 'WORK_ORDER_POSTED');

-- CreateEnum
CREATE TYPE "AutomationStatus" AS ENUM ('DELETED', 'OFF', 'ON');

-- CreateEnum
CREATE TYPE "AutomationRunStatus" AS ENUM ('QUEUED', 'RUNNING', 'SUCCEEDED', 'FAILED');

-- CreateTable
CREATE TABLE "Automation" (
    "id" TEXT NOT NULL,
    "branchId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "event" "AutomationEvent" NOT NULL,
    "conditions" JSONB NOT NULL DEFAULT '[]',
    "actions" JSONB NOT NULL DEFAULT '[]',
    "status" "AutomationStatus" NOT NULL DEFAULT 'ON',
    "ownerPersonId" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Automation_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "AutomationRun" (
    "id" TEXT NOT NULL,
    "branchId" TEXT NOT NULL,
    "automationId" TEXT NOT NULL,
    "event" "AutomationEvent" NOT NULL,
    "tableId" "TableIdentifier" NOT NULL,
    "entityId" TEXT NOT NULL,
    "status" "AutomationRunStatus" NOT NULL DEFAULT 'QUEUED',
    "dryRun" BOOLEAN NOT NULL DEFAULT false,
    "depth" INTEGER NOT NULL DEFAULT 0,
    "parentRunId" TEXT,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "error" TEXT NOT NULL DEFAULT '',
    "report" JSONB NOT NULL DEFAULT '{}',
    "leaseUntil" TIMESTAMP(3),
    "nextAttemptAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "startedAt" TIMESTAMP(3),
    "finishedAt" TIMESTAMP(3),

    CONSTRAINT "AutomationRun_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "AutomationActionRun" (
    "id" TEXT NOT NULL,
    "branchId" TEXT NOT NULL,
    "runId" TEXT NOT NULL,
    "actionIndex" INTEGER NOT NULL,
    "outcome" TEXT NOT NULL,
    "detail" TEXT NOT NULL DEFAULT '',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "AutomationActionRun_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "Automation_branchId_event_status_idx" ON "Automation"("branchId", "event", "status");

-- CreateIndex
CREATE INDEX "AutomationRun_branchId_automationId_createdAt_idx" ON "AutomationRun"("branchId", "automationId", "createdAt");

-- CreateIndex
CREATE INDEX "AutomationRun_branchId_tableId_entityId_createdAt_idx" ON "AutomationRun"("branchId", "tableId", "entityId", "createdAt");

-- CreateIndex
CREATE INDEX "AutomationRun_status_nextAttemptAt_idx" ON "AutomationRun"("status", "nextAttemptAt");

-- CreateIndex
CREATE UNIQUE INDEX "AutomationActionRun_runId_actionIndex_key" ON "AutomationActionRun"("runId", "actionIndex");

-- AddForeignKey
ALTER TABLE "AutomationRun" ADD CONSTRAINT "AutomationRun_automationId_fkey" FOREIGN KEY ("automationId") REFERENCES "Automation"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AutomationActionRun" ADD CONSTRAINT "AutomationActionRun_runId_fkey" FOREIGN KEY ("runId") REFERENCES "AutomationRun"("id") ON DELETE CASCADE ON UPDATE CASCADE;
