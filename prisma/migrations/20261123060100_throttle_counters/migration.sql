-- Throttle counters replace the LoginAttempt rows (docs/decisions/0011-throttles.md).
-- DropTable
DROP TABLE "LoginAttempt";

-- CreateTable
CREATE TABLE "ThrottleCounter" (
    "key" TEXT NOT NULL,
    "windowStart" BIGINT NOT NULL,
    "count" INTEGER NOT NULL,
    "expiresAt" BIGINT NOT NULL,

    CONSTRAINT "ThrottleCounter_pkey" PRIMARY KEY ("key","windowStart")
);

-- CreateIndex
CREATE INDEX "ThrottleCounter_expiresAt_idx" ON "ThrottleCounter"("expiresAt");
