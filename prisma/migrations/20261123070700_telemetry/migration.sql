-- Telemetry for the admin console: desktop errors, error alerts and exclusions, sync and relay health
-- (docs/decisions/0620-telemetry-storage.md).
-- CreateEnum
CREATE TYPE "DesktopErrorSeverity" AS ENUM ('ERROR', 'FATAL', 'INFO', 'WARNING');

-- CreateEnum
CREATE TYPE "AlertStatus" AS ENUM ('DISABLED', 'RAISED', 'WATCHING');

-- CreateEnum
CREATE TYPE "TelemetryChannel" AS ENUM ('WEB_SYNC', 'WTD_SYNC', 'MOBILE_RELAY', 'TERMINAL_RELAY');

-- CreateTable
CREATE TABLE "DesktopError" (
    "id" TEXT NOT NULL,
    "branchId" TEXT NOT NULL,
    "fingerprint" TEXT NOT NULL,
    "severity" "DesktopErrorSeverity" NOT NULL,
    "message" TEXT NOT NULL,
    "callStack" TEXT NOT NULL DEFAULT '',
    "program" TEXT NOT NULL DEFAULT '',
    "lineNum" INTEGER NOT NULL DEFAULT 0,
    "buildVersion" TEXT NOT NULL DEFAULT '',
    "errorNo" INTEGER NOT NULL DEFAULT 0,
    "loginUserName" TEXT NOT NULL DEFAULT '',
    "machineName" TEXT NOT NULL DEFAULT '',
    "windowsVersion" TEXT NOT NULL DEFAULT '',
    "loginInstanceId" TEXT NOT NULL DEFAULT '',
    "retried" BOOLEAN NOT NULL DEFAULT false,
    "fixedVersion" TEXT NOT NULL DEFAULT '',
    "errorCount" INTEGER NOT NULL DEFAULT 1,
    "firstSeen" TIMESTAMP(3) NOT NULL,
    "logTime" TIMESTAMP(3) NOT NULL,
    "status" "RecordStatus" NOT NULL DEFAULT 'ACTIVE',
    "resolvedAt" TIMESTAMP(3),

    CONSTRAINT "DesktopError_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "DesktopErrorTally" (
    "errorId" TEXT NOT NULL,
    "bucketStart" TIMESTAMP(3) NOT NULL,
    "count" INTEGER NOT NULL,

    CONSTRAINT "DesktopErrorTally_pkey" PRIMARY KEY ("errorId","bucketStart")
);

-- CreateTable
CREATE TABLE "ErrorAlert" (
    "id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "windowMinutes" INTEGER NOT NULL,
    "threshold" INTEGER NOT NULL,
    "status" "AlertStatus" NOT NULL DEFAULT 'WATCHING',
    "severity" "DesktopErrorSeverity" NOT NULL,
    "alertEditedAt" TIMESTAMP(3) NOT NULL,
    "lastRaised" TIMESTAMP(3),
    "lastNotifiedAt" TIMESTAMP(3),
    "minutesBetweenAlerts" INTEGER NOT NULL,
    "slackChannelId" TEXT NOT NULL DEFAULT '',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ErrorAlert_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ErrorAlertEvent" (
    "id" TEXT NOT NULL,
    "alertId" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "errorCount" INTEGER NOT NULL,
    "at" TIMESTAMP(3) NOT NULL,
    "mailedTo" INTEGER NOT NULL DEFAULT 0,
    "slackSent" BOOLEAN NOT NULL DEFAULT false,

    CONSTRAINT "ErrorAlertEvent_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ErrorAlertExclusion" (
    "id" TEXT NOT NULL,
    "message" TEXT NOT NULL DEFAULT '',
    "program" TEXT NOT NULL DEFAULT '',
    "lineNum" INTEGER,
    "start" TIMESTAMP(3) NOT NULL,
    "end" TIMESTAMP(3),
    "comment" TEXT NOT NULL DEFAULT '',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ErrorAlertExclusion_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "SyncLoad" (
    "id" TEXT NOT NULL,
    "branchId" TEXT NOT NULL,
    "channel" "TelemetryChannel" NOT NULL,
    "startedAt" TIMESTAMP(3) NOT NULL,
    "durationMs" INTEGER NOT NULL,
    "success" BOOLEAN NOT NULL,
    "records" INTEGER NOT NULL DEFAULT 0,
    "error" TEXT NOT NULL DEFAULT '',
    "receivedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "SyncLoad_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "TelemetryHourly" (
    "branchId" TEXT NOT NULL,
    "channel" "TelemetryChannel" NOT NULL,
    "hour" TIMESTAMP(3) NOT NULL,
    "loads" INTEGER NOT NULL,
    "successes" INTEGER NOT NULL,
    "failures" INTEGER NOT NULL,
    "latencyMsTotal" DOUBLE PRECISION NOT NULL,
    "maxLatencyMs" INTEGER NOT NULL,

    CONSTRAINT "TelemetryHourly_pkey" PRIMARY KEY ("branchId","channel","hour")
);

-- CreateTable
CREATE TABLE "TelemetrySource" (
    "branchId" TEXT NOT NULL,
    "channel" "TelemetryChannel" NOT NULL,
    "sourceId" TEXT NOT NULL,
    "deviceName" TEXT NOT NULL DEFAULT '',
    "version" TEXT NOT NULL DEFAULT '',
    "lastSeenAt" TIMESTAMP(3) NOT NULL,
    "lastSuccessAt" TIMESTAMP(3),
    "lastFailureAt" TIMESTAMP(3),
    "lastError" TEXT NOT NULL DEFAULT '',

    CONSTRAINT "TelemetrySource_pkey" PRIMARY KEY ("branchId","channel","sourceId")
);

-- CreateIndex
CREATE INDEX "DesktopError_logTime_idx" ON "DesktopError"("logTime");

-- CreateIndex
CREATE UNIQUE INDEX "DesktopError_branchId_fingerprint_key" ON "DesktopError"("branchId", "fingerprint");

-- CreateIndex
CREATE INDEX "DesktopErrorTally_bucketStart_idx" ON "DesktopErrorTally"("bucketStart");

-- CreateIndex
CREATE INDEX "ErrorAlertEvent_alertId_at_idx" ON "ErrorAlertEvent"("alertId", "at");

-- CreateIndex
CREATE INDEX "SyncLoad_branchId_channel_startedAt_idx" ON "SyncLoad"("branchId", "channel", "startedAt");

-- CreateIndex
CREATE INDEX "SyncLoad_receivedAt_idx" ON "SyncLoad"("receivedAt");

-- CreateIndex
CREATE INDEX "TelemetryHourly_hour_idx" ON "TelemetryHourly"("hour");

-- AddForeignKey
ALTER TABLE "DesktopErrorTally" ADD CONSTRAINT "DesktopErrorTally_errorId_fkey" FOREIGN KEY ("errorId") REFERENCES "DesktopError"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ErrorAlertEvent" ADD CONSTRAINT "ErrorAlertEvent_alertId_fkey" FOREIGN KEY ("alertId") REFERENCES "ErrorAlert"("id") ON DELETE CASCADE ON UPDATE CASCADE;
