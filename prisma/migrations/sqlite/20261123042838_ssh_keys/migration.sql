-- CreateTable
CREATE TABLE "SshKey" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "userId" INTEGER NOT NULL,
    "title" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "fingerprintSha256" TEXT NOT NULL,
    "fingerprintMd5" TEXT NOT NULL,
    "usageType" TEXT NOT NULL DEFAULT 'auth_and_signing',
    "expiresAt" DATETIME,
    "lastUsedAt" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "SshKey_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE UNIQUE INDEX "SshKey_fingerprintSha256_key" ON "SshKey"("fingerprintSha256");

-- CreateIndex
CREATE INDEX "SshKey_userId_id_idx" ON "SshKey"("userId", "id");
