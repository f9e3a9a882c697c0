-- CreateTable
CREATE TABLE "ApplicationSetting" (
    "key" TEXT NOT NULL PRIMARY KEY,
    "value" TEXT NOT NULL,
    "updatedById" INTEGER,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "ApplicationSettingChange" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "userId" INTEGER,
    "changes" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateTable
CREATE TABLE "BroadcastMessage" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "message" TEXT NOT NULL,
    "startsAt" DATETIME NOT NULL,
    "endsAt" DATETIME NOT NULL,
    "color" TEXT,
    "font" TEXT,
    "targetAccessLevels" TEXT NOT NULL DEFAULT '',
    "targetPath" TEXT NOT NULL DEFAULT '',
    "broadcastType" TEXT NOT NULL DEFAULT 'banner',
    "dismissable" BOOLEAN NOT NULL DEFAULT false,
    "theme" TEXT NOT NULL DEFAULT 'indigo',
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "BroadcastMessageDismissal" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "messageId" INTEGER NOT NULL,
    "userId" INTEGER NOT NULL,
    "expiresAt" DATETIME NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "BroadcastMessageDismissal_messageId_fkey" FOREIGN KEY ("messageId") REFERENCES "BroadcastMessage" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "BroadcastMessageDismissal_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "RateLimitCounter" (
    "key" TEXT NOT NULL PRIMARY KEY,
    "count" INTEGER NOT NULL,
    "expiresAt" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "TermsAcceptance" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "userId" INTEGER NOT NULL,
    "termsHash" TEXT NOT NULL,
    "acceptedAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateTable
CREATE TABLE "AdminModeSession" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "userId" INTEGER NOT NULL,
    "sessionDigest" TEXT NOT NULL,
    "expiresAt" DATETIME NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
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
