-- AlterTable
ALTER TABLE "AutomationRun" ADD COLUMN     "eventId" TEXT;

-- CreateTable
CREATE TABLE "RaisedEvent" (
    "id" TEXT NOT NULL,
    "branchId" TEXT NOT NULL,
    "event" "AutomationEvent" NOT NULL,
    "tableId" "TableIdentifier" NOT NULL,
    "entityId" TEXT NOT NULL,
    "depth" INTEGER NOT NULL DEFAULT 0,
    "parentRunId" TEXT,
    "dispatchedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "RaisedEvent_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "RaisedEvent_dispatchedAt_createdAt_idx" ON "RaisedEvent"("dispatchedAt", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "AutomationRun_eventId_automationId_key" ON "AutomationRun"("eventId", "automationId");
