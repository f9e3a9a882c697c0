-- CreateTable
CREATE TABLE "UsageDataPayload" (
    "id" SERIAL NOT NULL,
    "payload" TEXT NOT NULL,
    "recordedAt" TIMESTAMP(3) NOT NULL,
    "trigger" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "UsageDataPayload_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "UsageDataSchedule" (
    "cycle" INTEGER NOT NULL,
    "runAt" TIMESTAMP(3) NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "UsageDataSchedule_pkey" PRIMARY KEY ("cycle")
);

-- CreateTable
CREATE TABLE "UsageEvent" (
    "id" SERIAL NOT NULL,
    "event" TEXT NOT NULL,
    "userId" INTEGER,
    "namespaceId" INTEGER,
    "projectId" INTEGER,
    "properties" TEXT,
    "sendToSnowplow" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "UsageEvent_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "UsageDataPayload_recordedAt_idx" ON "UsageDataPayload"("recordedAt");

-- CreateIndex
CREATE INDEX "UsageEvent_event_idx" ON "UsageEvent"("event");

-- CreateIndex
CREATE INDEX "UsageEvent_createdAt_idx" ON "UsageEvent"("createdAt");
