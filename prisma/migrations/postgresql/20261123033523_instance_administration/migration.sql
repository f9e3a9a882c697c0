-- CreateTable
CREATE TABLE "ApplicationSetting" (
    "key" TEXT NOT NULL,
    "value" TEXT NOT NULL,
    "updatedById" INTEGER,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "ApplicationSetting_pkey" PRIMARY KEY ("key")
);

-- CreateTable
CREATE TABLE "ApplicationSettingChange" (
    "id" SERIAL NOT NULL,
    "userId" INTEGER,
    "changes" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ApplicationSettingChange_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "BroadcastMessage" (
    "id" SERIAL NOT NULL,
    "message" TEXT NOT NULL,
    "startsAt" TIMESTAMP(3) NOT NULL,
    "endsAt" TIMESTAMP(3) NOT NULL,
    "color" TEXT,
    "font" TEXT,
    "targetAccessLevels" TEXT NOT NULL DEFAULT '',
    "targetPath" TEXT NOT NULL DEFAULT '',
    "broadcastType" TEXT NOT NULL DEFAULT 'banner',
    "dismissable" BOOLEAN NOT NULL DEFAULT false,
    "theme" TEXT NOT NULL DEFAULT 'indigo',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "BroadcastMessage_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "BroadcastMessageDismissal" (
    "id" SERIAL NOT NULL,
    "messageId" INTEGER NOT NULL,
    "userId" INTEGER NOT NULL,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "BroadcastMessageDismissal_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "RateLimitCounter" (
    "key" TEXT NOT NULL,
    "count" INTEGER NOT NULL,
    "expiresAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "RateLimitCounter_pkey" PRIMARY KEY ("key")
);

-- CreateTable
CREATE TABLE "TermsAcceptance" (
    "id" SERIAL NOT NULL,
    "userId" INTEGER NOT NULL,
    "termsHash" TEXT NOT NULL,
    "acceptedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "TermsAcceptance_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "AdminModeSession" (
    "id" SERIAL NOT NULL,
    "userId" INTEGER NOT NULL,
    "sessionDigest" TEXT NOT NULL,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "AdminModeSession_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "ApplicationSettingChange_createdAt_id_idx" ON "ApplicationSettingChange"("createdAt", "id");

-- CreateIndex
CREATE INDEX "BroadcastMessage_endsAt_startsAt_idx" ON "BroadcastMessage"("endsAt", "startsAt");

-- CreateIndex
CREATE INDEX "BroadcastMessageDismissal_userId_idx" ON "BroadcastMessageDismissal"("userId");

-- CreateIndex
CREATE UNIQUE INDEX "BroadcastMessageDismissal_messageId_userId_key" ON "BroadcastMessageDismissal"("messageId", "userId");

-- CreateIndex
CREATE INDEX "RateLimitCounter_expiresAt_idx" ON "RateLimitCounter"("expiresAt");

-- CreateIndex
CREATE UNIQUE INDEX "TermsAcceptance_userId_termsHash_key" ON "TermsAcceptance"("userId", "termsHash");

-- CreateIndex
CREATE UNIQUE INDEX "AdminModeSession_sessionDigest_key" ON "AdminModeSession"("sessionDigest");

-- CreateIndex
CREATE INDEX "AdminModeSession_userId_idx" ON "AdminModeSession"("userId");

-- AddForeignKey
ALTER TABLE "BroadcastMessageDismissal" ADD CONSTRAINT "BroadcastMessageDismissal_messageId_fkey" FOREIGN KEY ("messageId") REFERENCES "BroadcastMessage"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "BroadcastMessageDismissal" ADD CONSTRAINT "BroadcastMessageDismissal_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;
